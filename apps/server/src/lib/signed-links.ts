import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that carry their own proof: an unsubscribe link that works without signing in, later a
 * personal calendar feed or a meeting's check-in code. A token is `payload.signature`, the payload
 * base64url JSON, the signature an HMAC-SHA256 of the purpose and the payload with a key derived
 * from the auth secret (one key per installation, never sent). A token of one purpose is refused
 * for another; `exp` (seconds since the epoch), when present, is checked.
 */
export class SignedLinks {
  private readonly key: Buffer;

  constructor(authSecret: string) {
    this.key = createHmac('sha256', authSecret).update('synergie-pro signed links v1').digest();
  }

  private signature(purpose: string, payload: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${payload}`).digest('base64url');
  }

  sign(purpose: string, data: Record<string, unknown>): string {
    const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
    return `${payload}.${this.signature(purpose, payload)}`;
  }

  /** The data signed for `purpose`, or null for a forged, altered, expired or malformed token. */
  verify<T extends Record<string, unknown>>(purpose: string, token: string, now = Date.now()): T | null {
    const dot = token.indexOf('.');
    if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
    const payload = token.slice(0, dot);
    // Compared as text, character for character: decoding first would let junk after the
    // signature through (Node's base64url decoder skips what it cannot read, and the last
    // character's spare bits), so a token has exactly one spelling (issue 33).
    const given = Buffer.from(token.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.signature(purpose, payload), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^[A-Za-z0-9_-]+$/.test(payload)) return null;
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
      const exp = (data as { exp?: unknown }).exp;
      if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 < now)) return null;
      return data as T;
    } catch {
      return null;
    }
  }
}
