import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPushServiceHost, pushMessages } from '@synergie/shared';
import { AppError } from '../../lib/errors';
import { isPublicAddress } from '../../lib/ip-address';
import type { Resolver } from '../../lib/safe-fetch';

export interface EndpointCheckOptions {
  /** PUSH_ALLOWED_ORIGINS: a local push service of the tests' own (refused in production). */
  allowedOrigins: readonly string[];
  /** DNS; tests pass their own to play a push host resolving to a private address. */
  resolve?: Resolver;
}

const refuse = (message: string) => new AppError('PUSH_ENDPOINT_REFUSED', message, { endpoint: message });
const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Where the server may post a device's pushes (SSRF guard): an https URL on a browser's push
 * service (PUSH_SERVICE_HOSTS) whose every address is public; or an origin of PUSH_ALLOWED_ORIGINS.
 * Returns the address to connect to, so that the request is pinned to the address checked (a DNS
 * answer that changes between check and connection is never used). Checked when a device
 * subscribes and again before each push.
 */
export async function checkPushEndpoint(
  raw: string,
  options: EndpointCheckOptions,
): Promise<{ url: URL; pinned: { address: string; family: 4 | 6 } | null }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(pushMessages.endpointInvalid);
  }
  if (url.username || url.password) throw refuse(pushMessages.endpointInvalid);
  if (options.allowedOrigins.includes(url.origin)) return { url, pinned: null };
  if (url.protocol !== 'https:') throw refuse(pushMessages.endpointNotHttps);
  if ((url.port !== '' && url.port !== '443') || !isPushServiceHost(url.hostname)) {
    throw refuse(pushMessages.endpointForeign);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw refuse(pushMessages.endpointUnreachable);
    }
  }
  const [first] = addresses;
  if (!first) throw refuse(pushMessages.endpointUnreachable);
  if (!addresses.every((a) => isPublicAddress(a.address))) throw refuse(pushMessages.endpointPrivate);
  return { url, pinned: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}
