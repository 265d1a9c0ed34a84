import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { PushPayload } from '@synergie/shared';
import webpush from 'web-push';
import { pinnedLookup } from '../../lib/safe-fetch';
import { checkPushEndpoint, type EndpointCheckOptions } from './endpoint-check';
import type { VapidDetails } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push service answered: its status, and how long it asked us to wait (429, 503). */
export interface PushAnswer {
  status: number;
  retryAfterMs: number | null;
}

/** A push kept 4 weeks by the push service while the device is offline (RFC 8030 TTL, seconds). */
const TTL_SECONDS = 28 * 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * One push (RFC 8030) to one device: web-push signs the VAPID JWT (RFC 8292) and encrypts the
 * payload (RFC 8291, aes128gcm); the request itself leaves through the endpoint's check, pinned to
 * the address checked (web-push's own request would resolve the name again: SSRF by DNS rebinding).
 * Throws when the endpoint is refused or the service cannot be reached; answers its status.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  vapid: VapidDetails,
  check: EndpointCheckOptions,
): Promise<PushAnswer> {
  const { url, pinned } = await checkPushEndpoint(target.endpoint, check);
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: details.headers as Record<string, string | number>,
        // A fresh connection each time: a pooled socket could lead to another address.
        agent: false,
        ...(pinned ? { lookup: pinnedLookup(pinned.address, pinned.family) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      resolve,
    );
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
  // The answer's body says nothing we act on: drained, never kept.
  response.resume();
  const retryAfter = Number(response.headers['retry-after']);
  return {
    status: response.statusCode ?? 0,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 3600) * 1000 : null,
  };
}
