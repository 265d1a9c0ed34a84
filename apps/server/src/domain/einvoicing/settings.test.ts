import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import {
  DEFAULT_STATUS_POLL_MS,
  einvoicingStatusPollMsOf,
  flowServiceSettingsOf,
  simulatorBaseUrlOf,
} from './settings';

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

describe('the simulator’s address', () => {
  const simulator = (env: Record<string, string>) => loadEnv({ EINVOICING_PLATFORM: 'simulator', ...env });

  it('follows HOST when it is one address, the loopback when it is every address', () => {
    expect(simulatorBaseUrlOf(simulator({}))).toBe('http://127.0.0.1:3000/dev/plateforme-agreee');
    for (const any of ['0.0.0.0', '::', '[::]']) {
      expect(simulatorBaseUrlOf(simulator({ HOST: any, PORT: '4000' }))).toBe(
        'http://127.0.0.1:4000/dev/plateforme-agreee',
      );
    }
    expect(simulatorBaseUrlOf(simulator({ HOST: '192.168.1.20', PORT: '4000' }))).toBe(
      'http://192.168.1.20:4000/dev/plateforme-agreee',
    );
    expect(simulatorBaseUrlOf(simulator({ HOST: 'localhost' }))).toBe('http://localhost:3000/dev/plateforme-agreee');
    expect(simulatorBaseUrlOf(simulator({ HOST: '::1' }))).toBe('http://[::1]:3000/dev/plateforme-agreee');
    expect(simulatorBaseUrlOf(simulator({ HOST: 'fd00::5' }))).toBe('http://[fd00::5]:3000/dev/plateforme-agreee');
  });

  it('takes the port the server was given (PORT=0), and EINVOICING_SIMULATOR_URL above all', () => {
    expect(simulatorBaseUrlOf(simulator({ PORT: '0', HOST: '10.0.0.7' }), 41234)).toBe(
      'http://10.0.0.7:41234/dev/plateforme-agreee',
    );
    const set = simulator({
      HOST: '10.0.0.7',
      EINVOICING_SIMULATOR_URL: 'http://synergie.internal:8080/dev/plateforme-agreee/',
    });
    expect(simulatorBaseUrlOf(set, 41234)).toBe('http://synergie.internal:8080/dev/plateforme-agreee');
    expect(flowServiceSettingsOf(set)).toMatchObject({
      flowUrl: 'http://synergie.internal:8080/dev/plateforme-agreee/flow',
      tokenUrl: 'http://synergie.internal:8080/dev/plateforme-agreee/token',
    });
    expect(() => simulator({ EINVOICING_SIMULATOR_URL: 'ftp://x' })).toThrow(/EINVOICING_SIMULATOR_URL/);
  });

  it('is not used against a real platform, nor without one', () => {
    expect(flowServiceSettingsOf(loadEnv({ ...afnor, EINVOICING_SIMULATOR_URL: 'http://x:1' }))).toMatchObject({
      flowUrl: afnor.EINVOICING_FLOW_URL,
      tokenUrl: afnor.EINVOICING_TOKEN_URL,
    });
    expect(flowServiceSettingsOf(loadEnv({ EINVOICING_PLATFORM: 'none' }))).toBeNull();
    expect(flowServiceSettingsOf(loadEnv({ EINVOICING_PLATFORM: 'simulator', HOST: '127.0.0.2' }), 5555)?.flowUrl).toBe(
      'http://127.0.0.2:5555/dev/plateforme-agreee/flow',
    );
  });
});
