import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { DEFAULT_STATUS_POLL_MS, einvoicingStatusPollMsOf } from './settings';

const afnor = {
  EINVOICING_PLATFORM: 'afnor',
  EINVOICING_FLOW_URL: 'https://api.pa.example.fr/flow-service',
  EINVOICING_TOKEN_URL: 'https://auth.pa.example.fr/token',
  EINVOICING_CLIENT_ID: 'id',
  EINVOICING_CLIENT_SECRET: 'secret',
};

describe('EINVOICING_STATUS_POLL_MS', () => {
  it('an hour against a real platform, the outbox’s poll with the simulator, else what is set', () => {
    expect(DEFAULT_STATUS_POLL_MS).toBe(3_600_000);
    expect(einvoicingStatusPollMsOf(loadEnv(afnor))).toBe(3_600_000);
    expect(einvoicingStatusPollMsOf(loadEnv({ ...afnor, EINVOICING_POLL_MS: '5000' }))).toBe(3_600_000);
    expect(einvoicingStatusPollMsOf(loadEnv({ ...afnor, EINVOICING_STATUS_POLL_MS: '600000' }))).toBe(600_000);
    // The simulator (development's default): the demo moves at the outbox's pace.
    expect(einvoicingStatusPollMsOf(loadEnv({}))).toBe(60_000);
    expect(einvoicingStatusPollMsOf(loadEnv({ EINVOICING_PLATFORM: 'simulator', EINVOICING_POLL_MS: '300' }))).toBe(
      300,
    );
    expect(
      einvoicingStatusPollMsOf(loadEnv({ EINVOICING_PLATFORM: 'simulator', EINVOICING_STATUS_POLL_MS: '2000' })),
    ).toBe(2000);
    expect(einvoicingStatusPollMsOf(loadEnv({ ...afnor, EINVOICING_STATUS_POLL_MS: '' }))).toBe(3_600_000);
    expect(() => loadEnv({ EINVOICING_STATUS_POLL_MS: '10' })).toThrow(/EINVOICING_STATUS_POLL_MS/);
  });
});
