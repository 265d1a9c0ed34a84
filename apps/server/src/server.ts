import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth/secret';
import { startDemoClock } from './billing/demo';
import { migrateDatabase, openDatabase } from './db/client';
import { FlowServiceClient } from './domain/einvoicing/flow-client';
import { einvoicingStatusPollMsOf, flowServiceSettingsOf } from './domain/einvoicing/settings';
import { EinvoiceWorker } from './domain/einvoicing/worker';
import { remindEvents } from './domain/events/jobs';
import { sweepFailedDebitNotices } from './domain/failed-debits';
import { expireSeatOffers, lapseSeats } from './domain/groups/seat-offers';
import { purgeGuests, remindGuests } from './domain/guests';
import { purgeIdempotencyKeys } from './domain/idempotency';
import { generateDueMinutes } from './domain/meeting-minutes';
import { generateMeetings, remindMeetings } from './domain/meetings';
import { invoiceSellerOf } from './domain/membership-invoices';
import { sendNotificationDigests } from './domain/notification-digests';
import { removeOrphanProfileImages, removeOrphanUploads } from './domain/orphan-uploads';
import { PushWorker } from './domain/push/outbox';
import { vapidDetails } from './domain/push/vapid';
import { purgeRecommendationContacts, remindRecommendations } from './domain/recommendations/jobs';
import { remindRenewals } from './domain/renewals';
import { promoteAdminEmails } from './domain/roles';
import { computeScores } from './domain/scores';
import { closeMonthOnSchedule } from './domain/self-billing';
import { followUpVisitors } from './domain/visits';
import { WebhookWorker } from './domain/webhooks/worker';
import { EnvError, loadEnv } from './env';
import { Scheduler } from './jobs/scheduler';
import { testAllowHosts } from './lib/safe-fetch';
import { mapStackTracesOf } from './lib/stack-traces';
import { OutboxWorker } from './mail/outbox';
import { preloadMailRenderer } from './mail/render';
import { keepTransport, smtpTransport } from './mail/transport';
import { LocalDiskStorage } from './storage';

// The built server's stack traces name the TypeScript sources; the source map is read at the
// first trace, not at start (lib/stack-traces.ts).
mapStackTracesOf(import.meta.url);

const here = path.dirname(fileURLToPath(import.meta.url));
/** Unreferenced uploads younger than this may be an upload another instance is finishing. */
const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/** Images uploaded from a dialog that was never saved: swept once a day old, every 6 hours. */
const UNSAVED_UPLOAD_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const UNSAVED_UPLOAD_SWEEP_MS = 6 * 60 * 60 * 1000;

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const webDir = env.WEB_BUILD_DIR ? path.resolve(env.WEB_BUILD_DIR) : path.resolve(here, '../../web/build/client');
  const webBuilt = fs.existsSync(path.join(webDir, 'index.html'));
  if (!webBuilt && env.NODE_ENV === 'production') {
    console.error(`The web app is not built (${webDir} is missing). Run \`npm run build\` first, or \`npm start\`.`);
    process.exit(1);
  }

  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
  });
  await migrateDatabase(database);
  // Accounts created before their email was added to ADMIN_EMAILS become admins too.
  await promoteAdminEmails(database.db, env.ADMIN_EMAILS);

  const transport = env.SMTP_URL
    ? smtpTransport(env.SMTP_URL, env.MAIL_FROM, new URL(env.SITE_URL).hostname)
    : keepTransport();
  const app = await buildApp({
    env,
    database,
    authSecret: resolveAuthSecret(env),
    webDir: webBuilt ? webDir : undefined,
    // Whatever queues a mail after a notification may have queued pushes too: both outboxes wake.
    mailer: {
      wake: () => {
        worker.wake();
        pushWorker.wake();
        webhookWorker.wake();
      },
    },
  });
  if (app.ctx.storage instanceof LocalDiskStorage) {
    // Half-written uploads of a previous run that was killed mid-write (S3 writes are atomic).
    const removed = await app.ctx.storage.removeLeftoverTemporaryFiles();
    if (removed.length) app.log.warn({ removed }, 'removed temporary upload files left by an interrupted run');
  }
  // Files no row points at, on the local disk or S3 (domain/orphan-uploads.ts). A storage that
  // cannot be reached does not stop the start-up: the next sweep tries again.
  const sweepProfileImages = () =>
    removeOrphanProfileImages(app.ctx, ORPHAN_MIN_AGE_MS)
      .then((orphans) => {
        if (orphans.length) app.log.warn({ orphans }, 'removed profile images no profile points at');
      })
      .catch((error) => app.log.error({ err: error }, 'sweep of orphaned profile images failed'));
  const sweepUnsaved = () =>
    removeOrphanUploads(app.ctx, UNSAVED_UPLOAD_MIN_AGE_MS)
      .then(({ removed, refused }) => {
        if (removed.length) app.log.info({ removed }, 'removed uploaded images no item was saved with');
        for (const error of refused) app.log.error({ err: error }, 'sweep of unsaved uploads refused');
      })
      .catch((error) => app.log.error({ err: error }, 'sweep of unsaved uploads failed'));
  const startupSweeps = sweepProfileImages().then(sweepUnsaved);
  // On the local disk they take a moment and are done before the first request; S3 is listed over
  // the network, in the background.
  if (app.ctx.storage instanceof LocalDiskStorage) await startupSweeps;
  setInterval(sweepUnsaved, UNSAVED_UPLOAD_SWEEP_MS).unref();
  if (!webBuilt) app.log.warn(`${webDir} is missing: serving the API only (npm run dev serves the pages)`);
  const worker = new OutboxWorker({
    db: database.db,
    transport,
    pollMs: env.MAIL_POLL_MS,
    retryBaseMs: env.MAIL_RETRY_BASE_MS,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    log: app.log,
  });

  // The VAPID key pair: from the settings, or made at this first start and kept (domain/push/vapid.ts).
  await vapidDetails(database.db, env);
  const pushWorker = new PushWorker({
    db: database.db,
    vapid: () => vapidDetails(database.db, env),
    check: { allowedOrigins: env.PUSH_ALLOWED_ORIGINS },
    pollMs: env.PUSH_POLL_MS,
    retryBaseMs: env.PUSH_RETRY_BASE_MS,
    maxAttempts: env.PUSH_MAX_ATTEMPTS,
    log: app.log,
  });

  // Outgoing webhooks (domain/webhooks): the test receiver's host is allowed only under NODE_ENV=test.
  const webhookWorker = new WebhookWorker({
    db: database.db,
    pollMs: env.WEBHOOK_POLL_MS,
    retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
    maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    allowHosts: testAllowHosts(env.NODE_ENV),
    log: app.log,
  });

  // Invoices deposited on the plateforme agréée (domain/einvoicing/): without one, none of this
  // runs. Made once the server listens: the simulator is reached where it actually listens.
  let einvoiceWorker: EinvoiceWorker | undefined;

  let stopDemoClock: (() => Promise<void>) | undefined;
  // Work on a clock (docs/decisions/0007-scheduled-jobs.md): every instance runs every job; the
  // due rows' locks share them out.
  const scheduler = new Scheduler(
    [
      { name: 'expire-seat-offers', everyMs: env.JOBS_INTERVAL_MS, run: () => expireSeatOffers(app.ctx) },
      { name: 'lapse-seats', everyMs: env.JOBS_INTERVAL_MS, run: () => lapseSeats(app.ctx) },
      {
        name: 'remind-recommendations',
        everyMs: env.JOBS_INTERVAL_MS,
        run: async () => {
          const reminded = await remindRecommendations(app.ctx);
          if (reminded > 0) worker.wake();
          return reminded;
        },
      },
      {
        name: 'remind-events',
        everyMs: env.JOBS_INTERVAL_MS,
        run: () => remindEvents(app.ctx),
      },
      {
        name: 'purge-recommendation-contacts',
        everyMs: env.JOBS_INTERVAL_MS,
        run: () => purgeRecommendationContacts(app.ctx),
      },
      { name: 'generate-meetings', everyMs: env.JOBS_INTERVAL_MS, run: () => generateMeetings(app.ctx) },
      { name: 'remind-meetings', everyMs: env.JOBS_INTERVAL_MS, run: () => remindMeetings(app.ctx) },
      { name: 'generate-minutes', everyMs: env.JOBS_INTERVAL_MS, run: () => generateDueMinutes(app.ctx) },
      {
        name: 'remind-guests',
        everyMs: env.JOBS_INTERVAL_MS,
        run: async () => {
          const reminded = await remindGuests(app.ctx);
          if (reminded > 0) worker.wake();
          return reminded;
        },
      },
      { name: 'remind-renewals', everyMs: env.JOBS_INTERVAL_MS, run: () => remindRenewals(app.ctx) },
      // Issue 32: the mails before each retry of a failed debit and at the end of its grace.
      {
        name: 'failed-debit-notices',
        everyMs: env.JOBS_INTERVAL_MS,
        run: () => sweepFailedDebitNotices(app.ctx),
      },
      { name: 'purge-guests', everyMs: env.JOBS_INTERVAL_MS, run: () => purgeGuests(app.ctx) },
      { name: 'follow-up-visitors', everyMs: env.JOBS_INTERVAL_MS, run: () => followUpVisitors(app.ctx) },
      { name: 'purge-idempotency-keys', everyMs: env.JOBS_INTERVAL_MS, run: () => purgeIdempotencyKeys(app.ctx) },
      // From 06:00 Paris on the 1st, the month before, once (installation key; lines locked).
      { name: 'close-self-billing-month', everyMs: env.JOBS_INTERVAL_MS, run: () => closeMonthOnSchedule(app.ctx) },
      // Once per Paris day (score_runs): on the other ticks and instances it finds the day claimed.
      { name: 'compute-scores', everyMs: env.JOBS_INTERVAL_MS, run: () => computeScores(app.ctx) },
      {
        name: 'notification-digests',
        everyMs: env.JOBS_INTERVAL_MS,
        run: async () => {
          const sent = await sendNotificationDigests(app.ctx);
          if (sent > 0) worker.wake();
          return sent;
        },
      },
    ],
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await scheduler.stop();
      await app.close();
      await stopDemoClock?.();
      await worker.stop();
      await pushWorker.stop();
      await webhookWorker.stop();
      await einvoiceWorker?.stop();
      transport.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // The start allocates a lot that stays (modules, routes, PGlite): V8 grows the old generation by
  // its own, larger steps meanwhile (fewer full collections: about 0.1 s less to the first answer),
  // then by a quarter at most, so that a burst of requests does not leave it grown for good. The
  // limit V8 set during the start holds until the next full collection: one now (`--expose-gc`,
  // `npm run serve`) sets it from what the start left.
  if (env.V8_HEAP_GROWING_PERCENT > 0) {
    v8.setFlagsFromString(`--heap-growing-percent=${env.V8_HEAP_GROWING_PERCENT}`);
    globalThis.gc?.();
  }
  worker.start();
  pushWorker.start();
  webhookWorker.start();
  const address = app.server.address();
  const flowService = flowServiceSettingsOf(env, typeof address === 'object' && address ? address.port : undefined);
  einvoiceWorker = flowService
    ? new EinvoiceWorker({
        db: database.db,
        client: new FlowServiceClient(flowService),
        pollMs: env.EINVOICING_POLL_MS,
        readEveryMs: einvoicingStatusPollMsOf(env),
        retryBaseMs: env.EINVOICING_RETRY_BASE_MS,
        log: app.log,
      })
    : undefined;
  einvoiceWorker?.start();
  scheduler.start({ firstRunAfterMs: env.JOBS_START_DELAY_MS, spacingMs: 200 });
  // Not loaded with the server's modules (mail/render.tsx): loaded once the first requests had their turn.
  setTimeout(() => {
    try {
      preloadMailRenderer();
    } catch (error) {
      app.log.error({ err: error }, 'the mail renderer could not be loaded: mails will fail until it can');
    }
  }, env.JOBS_START_DELAY_MS).unref();
  if (!env.STRIPE_SECRET_KEY)
    stopDemoClock = startDemoClock(database.db, invoiceSellerOf(env), app.log, env.DEMO_BILLING_SWEEP_MS);
  app.log.info(
    {
      url: env.SITE_URL,
      database: database.kind === 'pglite' ? `embedded (${path.join(env.DATA_DIR, 'db')})` : 'PostgreSQL',
      mail: env.SMTP_URL ? 'SMTP' : 'kept in /dev/mailbox',
      files: env.S3_BUCKET ? `S3 (${env.S3_BUCKET})` : path.join(env.DATA_DIR, 'uploads'),
    },
    `${env.SITE_NAME} is ready`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
