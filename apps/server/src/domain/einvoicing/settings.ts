import type { Env } from '../../env';
import type { FlowServiceSettings } from './flow-client';
import { SIMULATOR_CLIENT, SIMULATOR_PREFIX } from './simulator';

export type EinvoicingPlatform = 'none' | 'simulator' | 'afnor';

/** Which platform the invoices go to: the setting, else the local simulator in development and none elsewhere. */
export function einvoicingPlatformOf(env: Env): EinvoicingPlatform {
  return env.EINVOICING_PLATFORM ?? (env.NODE_ENV === 'development' ? 'simulator' : 'none');
}

/** The platform's name for the members' pages; null when invoices are downloads only. */
export function einvoicingPlatformName(env: Env): string | null {
  const platform = einvoicingPlatformOf(env);
  if (platform === 'none') return null;
  return (
    env.EINVOICING_PLATFORM_NAME ?? (platform === 'simulator' ? 'de démonstration' : 'de facturation électronique')
  );
}

/** A real platform's statuses change over hours or days: read again hourly unless set. */
export const DEFAULT_STATUS_POLL_MS = 3_600_000;

/**
 * How long after a read a deposited invoice's lifecycle is read again: EINVOICING_STATUS_POLL_MS,
 * else an hour against a real platform and, with the simulator (whose steps are a minute apart
 * in development, half a second in the e2e tests), the outbox's own poll, so the demo moves.
 */
export function einvoicingStatusPollMsOf(env: Env): number {
  if (env.EINVOICING_STATUS_POLL_MS !== undefined) return env.EINVOICING_STATUS_POLL_MS;
  return einvoicingPlatformOf(env) === 'simulator' ? env.EINVOICING_POLL_MS : DEFAULT_STATUS_POLL_MS;
}

/** The Flow Service's addresses and credentials: the settings, or this instance's own simulator. */
export function flowServiceSettingsOf(env: Env): FlowServiceSettings | null {
  const platform = einvoicingPlatformOf(env);
  if (platform === 'none') return null;
  if (platform === 'simulator') {
    const base = `http://127.0.0.1:${env.PORT}${SIMULATOR_PREFIX}`;
    return {
      flowUrl: `${base}/flow`,
      tokenUrl: `${base}/token`,
      clientId: SIMULATOR_CLIENT.id,
      clientSecret: SIMULATOR_CLIENT.secret,
      timeoutMs: env.EINVOICING_TIMEOUT_MS,
    };
  }
  return {
    flowUrl: env.EINVOICING_FLOW_URL as string,
    tokenUrl: env.EINVOICING_TOKEN_URL as string,
    clientId: env.EINVOICING_CLIENT_ID as string,
    clientSecret: env.EINVOICING_CLIENT_SECRET as string,
    timeoutMs: env.EINVOICING_TIMEOUT_MS,
  };
}
