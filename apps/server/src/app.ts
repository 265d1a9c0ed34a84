import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { rateLimitedMessage } from '@synergie/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth';
import { SessionCache } from './auth/session-cache';
import { createSmsSender } from './auth/sms';
import { createBillingProvider } from './billing';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { registerPlatformSimulator, SIMULATOR_CLIENT } from './domain/einvoicing/simulator';
import { forumRoutes } from './domain/forum/forum.routes';
import { adminGroupRoutes } from './domain/groups/admin-groups.routes';
import { groupRoleResolver } from './domain/groups/group-roles';
import { groupRoutes } from './domain/groups/groups.routes';
import { groupPlacePhotoRoutes } from './domain/groups/place-photo.routes';
import { rosterImportRoutes } from './domain/groups/roster-import.routes';
import { waitlistRoutes } from './domain/groups/waitlist.routes';
import { accountHooks } from './domain/new-accounts';
import { quotaLimitsFrom } from './domain/quotas';
import type { Env } from './env';
import { documentEndpoint } from './lib/endpoints';
import { AppError, sendError } from './lib/errors';
import { LiveHub } from './lib/live-hub';
import { CACHE_CHANNELS, connectRateLimitRedis, shareCacheClears } from './lib/redis';
import { SignedLinks } from './lib/signed-links';
import { VisitorCache } from './lib/visitor-cache';
import { accessPlugin, documentAccess, SESSION_SECURITY_SCHEME } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { pageHeads } from './plugins/page-heads';
import { quotasPlugin } from './plugins/quotas';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { adminMemberRoutes } from './routes/admin-members';
import { adminPartnerRoutes } from './routes/admin-partners';
import { adminQuotaRoutes } from './routes/admin-quotas';
import { attendanceRoutes } from './routes/attendance';
import { billingRoutes } from './routes/billing';
import { contactRoutes } from './routes/contact';
import { dashboardRoutes } from './routes/dashboard';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { directoryRoutes } from './routes/directory';
import { eventCategoryRoutes } from './routes/event-categories';
import { eventRoutes } from './routes/events';
import { groupHealthRoutes } from './routes/group-health';
import { guestRoutes } from './routes/guests';
import { hybridRoutes } from './routes/hybrid';
import { jobRoutes } from './routes/jobs';
import { liveMeetingRoutes } from './routes/live-meeting';
import { meRoutes } from './routes/me';
import { meetingMinutesRoutes } from './routes/meeting-minutes';
import { meetingRoutes } from './routes/meetings';
import { memberPageRoutes } from './routes/member-page';
import { memberReturnRoutes } from './routes/member-return';
import { membershipInvoiceRoutes } from './routes/membership-invoices';
import { networkRoutes } from './routes/network';
import { notificationRoutes } from './routes/notifications';
import { oneToOneRoutes } from './routes/one-to-ones';
import { partnerRoutes } from './routes/partners';
import { profileRoutes } from './routes/profiles';
import { projectRoutes } from './routes/projects';
import { pushRoutes } from './routes/push';
import { recommendationRoutes } from './routes/recommendations';
import { referralLinkRoutes, referralRoutes } from './routes/referral';
import { renewalRoutes } from './routes/renewals';
import { scoreRoutes } from './routes/score';
import { selfBillingRoutes } from './routes/self-billing';
import { serviceRoutes } from './routes/services';
import { signInMethodRoutes } from './routes/sign-in-methods';
import { healthRoutes, seoRoutes } from './routes/site';
import { suggestionRoutes } from './routes/suggestions';
import { testimonialRoutes } from './routes/testimonials';
import { todayRoutes } from './routes/today';
import { uploadRoutes } from './routes/uploads';
import { visitRoutes } from './routes/visits';
import { webhookRoutes } from './routes/webhooks';
import { createStorage, LocalDiskStorage, type Storage, storageOrigin } from './storage';
import { configureImageDecoding } from './storage/images';
import { localStorageRoutes } from './storage/serve';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Wakes the mail and push workers after a mail or push is queued; a no-op where no worker runs. */
  mailer?: { wake(): void };
  /** Signs sessions (see auth/secret.ts). */
  authSecret: string;
  /** Uploaded files; default: from the settings (S3 when S3_BUCKET is set, else DATA_DIR/uploads). */
  storage?: Storage;
  /** The web build to serve; omitted in API tests. */
  webDir?: string;
  logger?: boolean;
  /**
   * Told of every route as it is added, with its access declaration in `config.access` (the
   * authorization matrix test lists them this way).
   */
  onRoute?: (route: RouteOptions) => void;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** zod's compilers for every route (Fastify's types name Ajv's; the calls have the same shape). */
/**
 * A request without a body reaches the validator as `null`: an endpoint whose body is optional
 * reads it as absent (undefined), so its schema's default applies instead of "objet attendu,
 * null reçu".
 */
const validatorWithOptionalBodies: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body' ? (data: unknown) => validate(data === null ? undefined : data) : validate;
};
const zodCompilers = {
  buildValidator: () => validatorWithOptionalBodies,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Methods that write nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The whole application as a Fastify instance: server.ts listens, tests `inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const production = env.NODE_ENV === 'production';
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A body key like "__proto__" is refused rather than merged into an object.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // Every schema is zod's (fastify-type-provider-zod): given as the compilers' factories, Fastify
    // does not load its default ones (Ajv, fast-json-stringify: about 90 modules, 35 ms at start).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  configureImageDecoding({ concurrency: env.IMAGE_DECODES, queue: env.IMAGE_DECODE_QUEUE });
  const ctx = {
    env,
    db: database.db,
    dbKind: database.kind,
    mailContext: { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, contactEmail: env.CONTACT_EMAIL },
    mailer: options.mailer ?? { wake() {} },
    storage: options.storage ?? createStorage(env),
    links: new SignedLinks(options.authSecret),
    sessionCache: new SessionCache(env.SESSION_CACHE_MS),
    visitorCache: new VisitorCache(env.VISITOR_CACHE_MS),
  } as AppContext;
  // Images on another origin (S3, a CDN) must be allowed by the pages' CSP.
  const imgSources = [storageOrigin(ctx.storage)].filter((o): o is string => o !== null);
  ctx.auth = createAuth({
    env,
    db: database.db,
    secret: options.authSecret,
    mailContext: ctx.mailContext,
    wakeMailer: () => ctx.mailer.wake(),
    smsSender: createSmsSender(env, database.db),
    accounts: accountHooks(database.db, env),
  });
  app.decorate('ctx', ctx);
  const billing = await createBillingProvider({ env, db: database.db, secret: options.authSecret });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { production, imgSources, siteUrl: env.SITE_URL });
  await app.register(cookie);
  // Per-IP limits: in this process's memory, or in Redis (REDIS_URL) so they hold across instances.
  const redis = env.REDIS_URL ? await connectRateLimitRedis(env.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  if (redis) {
    await shareCacheClears(
      { [CACHE_CHANNELS.session]: ctx.sessionCache, [CACHE_CHANNELS.visitors]: ctx.visitorCache },
      redis,
      app,
    );
  }
  // A request that may have written empties the visitors' kept lists before its answer leaves
  // (lib/visitor-cache.ts): whoever it answers then reads the change, here and, through Redis,
  // on the other instances.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!READ_METHODS.has(request.method) && reply.statusCode < 400) void ctx.visitorCache.clear();
    return payload;
  });
  // The live meetings' streams: the word passes through Redis, else PostgreSQL's LISTEN/NOTIFY,
  // else this process (PGlite: one process owns the database).
  ctx.liveHub = new LiveHub(ctx.db, app.log);
  await ctx.liveHub.start({
    ...(redis ? { redis } : {}),
    ...(database.kind === 'postgres'
      ? { postgresPool: (database.db as unknown as { $client: { options: object } }).$client }
      : {}),
  });
  app.addHook('preClose', async () => ctx.liveHub?.close());

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'synergie-rate-limit:', skipOnError: true } : {}),
    // The Retry-After header says Math.ceil(ttl / 1000) seconds: the message says the same.
    errorResponseBuilder: (_request, context) => new AppError('RATE_LIMITED', rateLimitedMessage(context.ttl / 1000)),
  });

  // Before any route: each one declares who may call it (config.access), or start-up fails.
  await app.register(accessPlugin, { groupRoles: groupRoleResolver });
  await app.register(idempotencyPlugin, { db: ctx.db });
  // After idempotency: a copy answered from its stored answer is not counted twice.
  await app.register(quotasPlugin, { db: ctx.db, limitsOf: quotaLimitsFrom(ctx.env) });
  // After the access plugin's onRoute hook: the listener sees each route's declaration.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(authPlugin, { auth: ctx.auth, sessionCache: ctx.sessionCache });

  await app.register(swagger, {
    openapi: {
      // 3.1: a nullable field is `type: [..., 'null']` / `anyOf` with `{ type: 'null' }`, which
      // zod writes as it is (OpenAPI 3.0's `nullable` needs a sibling `type` zod cannot always give).
      openapi: '3.1.0',
      info: {
        title: `API ${env.SITE_NAME}`,
        description: "L'API du réseau d'affaires : chaque opération du site, avec ses schémas.",
        version: '1.0.0',
        license: { name: 'Propriétaire', identifier: 'LicenseRef-Proprietary' },
      },
      // The address the server serves: relative, so the document is right wherever it runs.
      servers: [{ url: '/', description: 'Ce serveur' }],
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            // Better Auth's session cookie (auth/auth.ts: cookiePrefix, secure cookies in production).
            name: `${production ? '__Secure-' : ''}synergie.session_token`,
            description: 'La session ouverte par /api/auth/sign-in/email (cookie httpOnly).',
          },
        },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const endpoint = input.route.config?.endpoint;
      return documentAccess(
        { ...result, schema: documentEndpoint(result.schema as Record<string, unknown>, endpoint) },
        input.route,
      );
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(contactRoutes, { ctx });
      await api.register(partnerRoutes, { ctx });
      await api.register(adminMemberRoutes, { ctx });
      await api.register(adminQuotaRoutes, { ctx });
      await api.register(adminPartnerRoutes, { ctx });
      await api.register(meRoutes, { ctx });
      await api.register(profileRoutes, { ctx });
      await api.register(billingRoutes, { ctx, billing });
      await api.register(referralRoutes, { ctx });
      await api.register(renewalRoutes, { ctx, billing });
      await api.register(selfBillingRoutes, { ctx });
      await api.register(membershipInvoiceRoutes, { ctx, billing });
      await api.register(directoryRoutes, { ctx });
      await api.register(networkRoutes, { ctx });
      await api.register(memberPageRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(todayRoutes, { ctx });
      await api.register(memberReturnRoutes, { ctx });
      await api.register(suggestionRoutes, { ctx });
      await api.register(groupHealthRoutes, { ctx });
      await api.register(eventCategoryRoutes, { ctx });
      await api.register(eventRoutes, { ctx });
      await api.register(jobRoutes, { ctx });
      await api.register(serviceRoutes, { ctx });
      await api.register(uploadRoutes, { ctx });
      await api.register(projectRoutes, { ctx });
      await api.register(groupRoutes, { ctx });
      await api.register(forumRoutes, { ctx });
      await api.register(waitlistRoutes, { ctx });
      await api.register(rosterImportRoutes, { ctx });
      await api.register(groupPlacePhotoRoutes, { ctx });
      await api.register(adminGroupRoutes, { ctx });
      await api.register(oneToOneRoutes, { ctx });
      await api.register(testimonialRoutes, { ctx });
      await api.register(recommendationRoutes, { ctx });
      await api.register(meetingRoutes, { ctx });
      await api.register(attendanceRoutes, { ctx });
      await api.register(liveMeetingRoutes, { ctx });
      await api.register(hybridRoutes, { ctx });
      await api.register(meetingMinutesRoutes, { ctx });
      await api.register(notificationRoutes, { ctx });
      await api.register(pushRoutes, { ctx });
      await api.register(guestRoutes, { ctx });
      await api.register(visitRoutes, { ctx });
      await api.register(scoreRoutes, { ctx });
      await api.register(signInMethodRoutes, { ctx });
      await api.register(webhookRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes, { ctx });
  await app.register(referralLinkRoutes, { ctx });
  if (ctx.storage instanceof LocalDiskStorage) await app.register(localStorageRoutes, { storage: ctx.storage });
  if (!production) await app.register(devMailboxRoutes, { ctx });
  // The local plateforme agréée (domain/einvoicing/simulator.ts): development, the demo, the tests.
  if (!production)
    await app.register(async (simulator) =>
      registerPlatformSimulator(simulator, {
        db: ctx.db,
        stepMs: ctx.env.EINVOICING_SIMULATOR_STEP_MS,
        refusingSirens: ctx.env.EINVOICING_SIMULATOR_REFUSE,
        clientId: SIMULATOR_CLIENT.id,
        clientSecret: SIMULATOR_CLIENT.secret,
      }),
    );

  if (options.webDir) {
    await app.register(webPlugin, {
      dir: options.webDir,
      production,
      imgSources,
      pageHeads,
      ctx,
      siteUrl: env.SITE_URL,
      keptAssetsDir: path.join(env.DATA_DIR, 'web-assets'),
    });
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND'));
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
