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

/** Listening on every address: the simulator is reached on the loopback. */
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/**
 * Where this instance reaches its own simulator: EINVOICING_SIMULATOR_URL, else the address the
 * server listens on (HOST when it is one address, 127.0.0.1 when it is every address; an IPv6
 * address in brackets) and its port (`listeningPort`, the one the system gave for PORT=0, else
 * PORT). No trailing slash.
 */
export function simulatorBaseUrlOf(env: Env, listeningPort?: number): string {
  if (env.EINVOICING_SIMULATOR_URL) return env.EINVOICING_SIMULATOR_URL.replace(/\/+$/, '');
  const host = env.HOST.trim();
  const reachable = ANY_ADDRESS.has(host)
    ? '127.0.0.1'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${reachable}:${listeningPort ?? env.PORT}${SIMULATOR_PREFIX}`;
}

/**
 * The Flow Service's addresses and credentials: the settings, or this instance's own simulator
 * (at `simulatorBaseUrlOf`, `listeningPort` once the server listens).
 */
export function flowServiceSettingsOf(env: Env, listeningPort?: number): FlowServiceSettings | null {
  const platform = einvoicingPlatformOf(env);
  if (platform === 'none') return null;
  if (platform === 'simulator') {
    const base = simulatorBaseUrlOf(env, listeningPort);
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
