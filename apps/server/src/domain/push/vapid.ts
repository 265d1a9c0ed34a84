import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { DbOrTx } from '../../db/client';
import { vapidKeys } from '../../db/schema';
import type { Env } from '../../env';

/** What signs every push (RFC 8292): the key pair and whom the push services may contact. */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'CONTACT_EMAIL'>;

/**
 * The key pair from the settings, or the one kept in the database, made at the first start that
 * found none. Two instances starting together both generate a pair and insert it `on conflict do
 * nothing`; both then read the row that won, so every instance signs with the same key (a device
 * subscribed with one public key refuses pushes signed with another).
 */
export async function loadVapidDetails(db: DbOrTx, env: VapidEnv): Promise<VapidDetails> {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  const [kept] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (kept) return { subject, publicKey: kept.publicKey, privateKey: kept.privateKey };
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey })
    .onConflictDoNothing();
  const [stored] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (!stored) throw new Error('the VAPID key pair was not stored');
  return { subject, publicKey: stored.publicKey, privateKey: stored.privateKey };
}

// Once read, a process keeps the pair: it never changes after the first start (a new pair would
// orphan every device's subscription). Keyed by the database handle: each test app has its own.
const loaded = new WeakMap<object, Promise<VapidDetails>>();

export function vapidDetails(db: DbOrTx, env: VapidEnv): Promise<VapidDetails> {
  let details = loaded.get(db);
  if (!details) {
    details = loadVapidDetails(db, env);
    // A failed read (the database away) is tried again next time.
    details.catch(() => loaded.delete(db));
    loaded.set(db, details);
  }
  return details;
}
