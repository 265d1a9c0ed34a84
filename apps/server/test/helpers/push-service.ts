import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service of the tests' own (RFC 8030), on 127.0.0.1: it receives what the server posts,
 * checks the VAPID signature (RFC 8292) with the key the header names, and decrypts the payload
 * (RFC 8291, aes128gcm of RFC 8188) with the device's private key, as a browser would. It answers
 * 201, or what the test asks (410 for a device gone, 503 for a service down).
 */

export interface TestDevice {
  /** The browser's side of a subscription: its public key and auth secret, base64url. */
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
}

/** A device's key pair and auth secret, as a browser makes them when it subscribes. */
export function createTestDevice(): TestDevice {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // RFC 8188 §2.1: salt (16) | record size (4) | key id length (1) | key id | records.
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, 65 expected`);
      if (ciphertext.length > recordSize) throw new Error('more than one record');
      // RFC 8291 §3.3-3.4: the input keying material from the ECDH secret and the auth secret.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      // RFC 8188 §2.2-2.3: the content encryption key and the nonce.
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('last record delimiter missing');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The VAPID JWT's claims, once its signature checked out with the key `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the application server's public key. */
  publicKey: string;
}

export interface TestPushService {
  origin: string;
  /** An endpoint of this service (one per device). */
  endpoint(name: string): string;
  received: ReceivedPush[];
  /** The status the next requests get (201 by default); per path when a function. */
  answer: (path: string) => number;
  /** Requests refused before their body was read (bad signature…): the reasons. */
  refused: string[];
  close(): Promise<void>;
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §3): ES256 over the JWT's first two parts. */
function checkVapid(header: string | undefined): { claims: ReceivedPush['claims']; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`);
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), publicKey: k };
}

export async function startPushService(): Promise<TestPushService> {
  const service: TestPushService = {
    origin: '',
    endpoint: (name) => `${service.origin}/push/${name}`,
    received: [],
    answer: () => 201,
    refused: [],
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL header');
        const { claims, publicKey } = checkVapid(req.headers.authorization);
        service.received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
          claims,
          publicKey,
        });
      } catch (error) {
        service.refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
        return;
      }
      res.writeHead(service.answer(req.url ?? '')).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return service;
}

/** An origin on which nothing listens (a push service that is down). */
export async function closedOrigin(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
