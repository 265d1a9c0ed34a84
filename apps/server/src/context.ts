import type { Auth } from './auth/auth';
import type { SessionCache } from './auth/session-cache';
import type { Db } from './db/client';
import type { Env } from './env';
import type { LiveHub } from './lib/live-hub';
import type { Resolver } from './lib/safe-fetch';
import type { SignedLinks } from './lib/signed-links';
import type { VisitorCache } from './lib/visitor-cache';
import type { MailContext } from './mail/components';
import type { Storage } from './storage';

/** What route handlers and domain functions need, passed explicitly (no globals). */
export interface AppContext {
  env: Env;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  mailContext: MailContext;
  mailer: { wake(): void };
  auth: Auth;
  /** Uploaded files (storage/): local disk or S3-compatible. */
  storage: Storage;
  /** Signs and checks links that work without signing in (lib/signed-links.ts). */
  links: SignedLinks;
  /**
   * Who a request's credentials belong to, for a few seconds (auth/session-cache.ts). Whatever ends
   * a session, changes a member's name or e-mail, or deletes an account calls `clear()`.
   */
  sessionCache: SessionCache;
  /** The lists visitors are answered, kept a moment (lib/visitor-cache.ts). */
  visitorCache: VisitorCache;
  /** The live meetings' event streams (lib/live-hub.ts); absent in a context without a server. */
  liveHub?: LiveHub;
  /** DNS for the push endpoints' check (domain/push/endpoint-check.ts); the system's when unset. Tests set their own. */
  resolveHost?: Resolver;
}
