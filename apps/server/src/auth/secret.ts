import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

/**
 * The key that signs sessions. In production it must come from BETTER_AUTH_SECRET (the same on
 * every instance); elsewhere one is generated once and kept in DATA_DIR so `npm start` needs no key.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'BETTER_AUTH_SECRET is required in production (at least 32 characters, the same on every instance).',
    );
  }
  const file = path.join(env.DATA_DIR, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
