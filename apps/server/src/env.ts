import path from 'node:path';
import {
  contactDefaults,
  DEFAULT_SITE_NAME,
  frenchVatNumber,
  isValidSiren,
  isValidSiret,
  parseQuotaSetting,
} from '@synergie/shared';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.test(new URL(v).protocol), { message: hint })
      .optional(),
  );
// z.coerce.number() reads "" as 0: an empty PORT (docker compose passes an unset `${PORT}` as "")
// would silently listen on a random port. Empty means unset, as for the other settings.
const number = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema);

/**
 * Every setting the server reads, validated once at start-up.
 * docs/settings.md documents each one; keep the two in step.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: number(z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
    DATABASE_POOL_MAX: number(z.coerce.number().int().min(1).max(100).default(10)),
    // PostgreSQL's shared_buffers for the embedded database (db/client.ts, pgliteStartParams).
    PGLITE_SHARED_BUFFERS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB, 512kB or 1GB')
        .default('16MB'),
    ),
    SITE_URL: z
      .string()
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
        message: 'must be an http:// or https:// URL, e.g. https://synergie-pro.fr',
      })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    SITE_NAME: z.string().min(1).default(DEFAULT_SITE_NAME),
    SMTP_URL: optionalUrl(
      /^smtps?:$/,
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    ),
    MAIL_FROM: optionalString,
    CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().default(contactDefaults.email)),
    CONTACT_PHONE: z.string().min(1).default(contactDefaults.phone),
    CONTACT_ADDRESS: z.string().min(1).default(contactDefaults.address),
    // The company that self-bills the commissions (domain/self-billing.ts): the client named on
    // every invoice issued in a sponsor's name. The defaults are the demo's; set the real ones.
    COMPANY_LEGAL_NAME: z.string().min(1).default('Synergie Pro SAS'),
    COMPANY_SIREN: z
      .string()
      .default('123456782')
      .refine((v) => isValidSiren(v), { message: 'must be a valid SIREN (9 digits, Luhn key)' }),
    COMPANY_ADDRESS_LINE: z.string().min(1).default('12 avenue Roger Salengro'),
    COMPANY_POSTCODE: z
      .string()
      .regex(/^\d{5}$/, { message: 'must be a French postcode (5 digits)' })
      .default('94500'),
    COMPANY_CITY: z.string().min(1).default('Champigny-sur-Marne'),
    // The DAS2 file's declarant (domain/das2.ts): the establishment's SIRET, the APE code, and
    // whether the company pays salaries (the DADS type of the file). Demo values by default.
    COMPANY_SIRET: z
      .string()
      .default('12345678200002')
      .refine((v) => isValidSiret(v), { message: 'must be a valid SIRET (14 digits, Luhn key)' }),
    COMPANY_APE: z
      .string()
      .regex(/^\d{4}[A-Z]$/, { message: 'must be an APE/NAF code, 4 digits and a capital letter, e.g. 9499Z' })
      .default('9499Z'),
    COMPANY_PAYS_SALARIES: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    // The seller's legal mentions on the membership invoices (domain/membership-invoices.ts,
    // docs/settings.md). The defaults are the demo's; set the real ones.
    COMPANY_RCS: z.string().min(1).default('RCS Créteil 123 456 782'),
    COMPANY_LEGAL_FORM: z.string().min(1).default('SAS au capital de 10 000 €'),
    /** Empty: FR, the key, the SIREN (computed). */
    COMPANY_VAT_NUMBER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^FR\d{11}$/, { message: 'must be a French VAT number: FR, 2-digit key, SIREN' })
        .optional(),
    ),
    INVOICE_PAYMENT_TERMS: z
      .string()
      .min(1)
      .default('Payée à la commande par carte bancaire. Pas d’escompte pour paiement anticipé.'),
    INVOICE_LATE_PENALTIES: z.string().min(1).default('trois fois le taux d’intérêt légal'),
    INVOICE_RECOVERY_INDEMNITY_EUROS: z.coerce.number().int().min(40).default(40),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: 'must be a comma-separated list of email addresses' }))),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    BETTER_AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, { message: 'must be at least 32 characters (e.g. openssl rand -base64 32)' }).optional(),
    ),
    AUTH_RATE_LIMIT: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    UPLOAD_MAX_BYTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1024)
        .default(5 * 1024 * 1024),
    ),
    // The image budget (storage/images.ts): decodes at once per instance, uploads waiting their turn.
    IMAGE_DECODES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(16).default(1)),
    IMAGE_DECODE_QUEUE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(8)),
    // Files go to an S3-compatible store when S3_BUCKET is set, to DATA_DIR/uploads otherwise.
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http:// or https:// URL, e.g. https://s3.fr-par.scw.cloud'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
          message: 'must be an http:// or https:// URL, e.g. https://cdn.synergie-pro.fr',
        })
        .transform((v) => v.replace(/\/+$/, ''))
        .optional(),
    ),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    // Sweep uploads no row points at on S3 too (domain/orphan-uploads.ts): only for a bucket (or
    // folder) this installation uses alone. The local disk is always swept.
    S3_SWEEP_ORPHANS: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAIL_POLL_MS: number(z.coerce.number().int().min(50).default(2000)),
    MAIL_RETRY_BASE_MS: number(z.coerce.number().int().min(10).default(5000)),
    MAIL_MAX_ATTEMPTS: number(z.coerce.number().int().min(1).default(12)),
    // Per-IP rate limits counted in this Redis (shared by every instance) instead of in memory.
    REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379'),
    CONTACT_RATE_LIMIT: number(z.coerce.number().int().min(1).default(5)),
    // Visitors registering themselves (issue 30): per address per 10 minutes, per meeting per hour.
    VISIT_RATE_LIMIT: number(z.coerce.number().int().min(1).default(10)),
    VISIT_MEETING_RATE_LIMIT: number(z.coerce.number().int().min(1).default(60)),
    // Member quotas (issue 33, packages/shared/src/quotas.ts): `name=perHour/perDay;…` replaces
    // the catalogue's numbers for the quotas it names.
    MEMBER_QUOTAS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const parsed = parseQuotaSetting(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    WEB_BUILD_DIR: optionalString,
    // Payments: Stripe when STRIPE_SECRET_KEY is set, the demo provider otherwise (billing/).
    STRIPE_SECRET_KEY: optionalString,
    // The demo provider's clock: how often trials and periods that have ended are charged.
    DEMO_BILLING_SWEEP_MS: number(
      z.coerce
        .number()
        .int()
        .min(1000)
        .default(10 * 60 * 1000),
    ),
    /** How long an instance remembers a session's member (auth/session-cache.ts); 0: off. */
    SESSION_CACHE_MS: number(z.coerce.number().int().min(0).max(60_000).default(10_000)),
    /** How long an instance keeps the event lists it answers visitors (lib/visitor-cache.ts); 0: off. */
    VISITOR_CACHE_MS: number(z.coerce.number().int().min(0).max(60_000).default(2_000)),
    // Scheduled jobs (jobs/scheduler.ts): how often this instance sweeps what came due (seat
    // offers that expired, seats whose grace after a subscription passed).
    JOBS_INTERVAL_MS: number(z.coerce.number().int().min(1000).default(60_000)),
    // How long after the start the first sweeps wait (the first requests are answered first).
    JOBS_START_DELAY_MS: number(z.coerce.number().int().min(0).max(600_000).default(2_000)),
    // V8's old generation may grow by this percentage after a full collection, set once the server
    // listens (server.ts); 0 leaves V8's own choice. docs/performance.md, "Memory and start".
    V8_HEAP_GROWING_PERCENT: number(z.coerce.number().int().min(0).max(1000).default(25)),
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_MONTHLY: optionalString,
    STRIPE_PRICE_ANNUAL: optionalString,
    STRIPE_API_HOST: optionalString,
    STRIPE_API_PORT: number(z.coerce.number().int().min(1).max(65535).optional()),
    STRIPE_API_PROTOCOL: z.preprocess(emptyToUndefined, z.enum(['http', 'https']).optional()),
    // Sign-in methods (auth/sign-in-methods.ts, docs/decisions/0009-sign-in-methods.md): each one
    // appears on /auth only when its settings are given.
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    LINKEDIN_CLIENT_ID: optionalString,
    LINKEDIN_CLIENT_SECRET: optionalString,
    // Any OpenID Connect provider (a network's own identity provider), found by its discovery URL.
    OIDC_DISCOVERY_URL: optionalUrl(
      /^https?:$/,
      'must be an http:// or https:// URL, e.g. https://sso.example.fr/.well-known/openid-configuration',
    ),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    /** The provider's name on the button: `Se connecter avec <OIDC_NAME>`. */
    OIDC_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default('SSO')),
    // One-time codes by SMS: `http` posts to SMS_API_URL, `dev` writes them to the dev mailbox.
    SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['none', 'http', 'dev']).default('none')),
    SMS_API_URL: optionalUrl(
      /^https?:$/,
      'must be an http:// or https:// URL, e.g. https://sms.example.fr/v1/messages',
    ),
    SMS_API_KEY: optionalString,
    /** The sender name the SMS API is asked to show (optional, the API's default otherwise). */
    SMS_SENDER: optionalString,
    SMS_TIMEOUT_MS: number(z.coerce.number().int().min(100).max(60_000).default(10_000)),
    // Electronic invoicing through a plateforme agréée (domain/einvoicing/, docs/settings.md):
    // `afnor` deposits on a real platform through its XP Z12-013 Flow Service, `simulator` on the
    // local one mounted at /dev/plateforme-agreee (development and the demo, refused in
    // production), `none` keeps the invoices as downloads. Default: `simulator` in development.
    EINVOICING_PLATFORM: z.preprocess(emptyToUndefined, z.enum(['none', 'simulator', 'afnor']).optional()),
    /** The platform's name, shown to members beside their invoices' statuses. */
    EINVOICING_PLATFORM_NAME: z.preprocess(emptyToUndefined, z.string().max(60).optional()),
    EINVOICING_FLOW_URL: optionalUrl(
      /^https?:$/,
      'must be an http:// or https:// URL, e.g. https://api.pa.example.fr/flow-service',
    ),
    EINVOICING_TOKEN_URL: optionalUrl(
      /^https?:$/,
      'must be an http:// or https:// URL, e.g. https://auth.pa.example.fr/token',
    ),
    EINVOICING_CLIENT_ID: optionalString,
    EINVOICING_CLIENT_SECRET: optionalString,
    /** How often the deposit outbox is looked at (new invoices to deposit, statuses due). */
    EINVOICING_POLL_MS: number(
      z.coerce
        .number()
        .int()
        .min(100)
        .max(24 * 3_600_000)
        .default(60_000),
    ),
    /**
     * How long after a read a deposited invoice's lifecycle is read again. Unset: an hour against
     * a real platform, EINVOICING_POLL_MS with the simulator (domain/einvoicing/settings.ts).
     */
    EINVOICING_STATUS_POLL_MS: number(
      z.coerce
        .number()
        .int()
        .min(100)
        .max(7 * 24 * 3_600_000)
        .optional(),
    ),
    EINVOICING_RETRY_BASE_MS: number(z.coerce.number().int().min(10).max(3_600_000).default(60_000)),
    EINVOICING_TIMEOUT_MS: number(z.coerce.number().int().min(100).max(120_000).default(20_000)),
    /** The simulator's address as this instance reaches it; unset: where the server listens (settings.ts). */
    EINVOICING_SIMULATOR_URL: optionalUrl(
      /^https?:$/,
      'must be an http:// or https:// URL, e.g. http://127.0.0.1:3000/dev/plateforme-agreee',
    ),
    /** The simulator: one lifecycle step every this long after a deposit; buyers (SIREN, comma-separated) that refuse. */
    EINVOICING_SIMULATOR_STEP_MS: number(
      z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 3_600_000)
        .default(60_000),
    ),
    EINVOICING_SIMULATOR_REFUSE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .optional()
        .transform((v) =>
          (v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
    ),
    // The member's SIREN looked up in INSEE's Sirene directory (domain/sirene.ts, issue 32): API
    // Sirene 3.11, e.g. https://api.insee.fr/api-sirene/3.11, with the portal's integration key.
    // Unset: the billing details form does not offer the lookup.
    SIRENE_API_URL: optionalUrl(
      /^https?:$/,
      'must be an http:// or https:// URL, e.g. https://api.insee.fr/api-sirene/3.11',
    ),
    SIRENE_API_KEY: optionalString,
    SIRENE_TIMEOUT_MS: number(z.coerce.number().int().min(100).max(30_000).default(5000)),
    // Web Push (domain/push/, docs/decisions/0017-web-push.md): the VAPID key pair, base64url as
    // web-push's generateVAPIDKeys() writes it; without them the first start makes a pair and
    // keeps it in the database. The subject (a mailto: or https: URL) tells push services whom
    // to contact; default mailto:CONTACT_EMAIL.
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)')
        .optional(),
    ),
    VAPID_SUBJECT: optionalUrl(
      /^(mailto|https):$/,
      'must be a mailto: or https: URL, e.g. mailto:contact@synergie-pro.fr',
    ),
    // For tests and development only (refused in production): push service origins accepted beside
    // the browsers' own, over http too and on a private or loopback address (a local push service).
    PUSH_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .refine((o) => URL.canParse(o) && /^https?:$/.test(new URL(o).protocol) && new URL(o).origin === o, {
              message: 'must be a comma-separated list of origins, e.g. http://127.0.0.1:4599',
            }),
        ),
      ),
    PUSH_POLL_MS: number(z.coerce.number().int().min(50).default(2000)),
    PUSH_RETRY_BASE_MS: number(z.coerce.number().int().min(10).default(60_000)),
    PUSH_MAX_ATTEMPTS: number(z.coerce.number().int().min(1).default(8)),
    // Outgoing webhooks (domain/webhooks, issue 33): poll, first retry (doubling up to an hour), attempts, timeout.
    WEBHOOK_POLL_MS: number(z.coerce.number().int().min(50).default(5000)),
    WEBHOOK_RETRY_BASE_MS: number(z.coerce.number().int().min(10).default(30_000)),
    WEBHOOK_MAX_ATTEMPTS: number(z.coerce.number().int().min(1).default(8)),
    WEBHOOK_TIMEOUT_MS: number(z.coerce.number().int().min(100).max(30_000).default(10_000)),
  })
  .superRefine((env, issue) => {
    // The establishment (SIRET) belongs to the company (SIREN): the DAS2 file names both.
    if (!env.COMPANY_SIRET.startsWith(env.COMPANY_SIREN)) {
      issue.addIssue({
        code: 'custom',
        path: ['COMPANY_SIRET'],
        message: 'COMPANY_SIRET must start with COMPANY_SIREN (the SIRET is the SIREN and the NIC)',
      });
    }
    // The VAT number printed on the membership invoices is the company's own.
    if (env.COMPANY_VAT_NUMBER && env.COMPANY_VAT_NUMBER !== frenchVatNumber(env.COMPANY_SIREN)) {
      issue.addIssue({
        code: 'custom',
        path: ['COMPANY_VAT_NUMBER'],
        message: 'must be the VAT number of COMPANY_SIREN (FR, its key, the SIREN)',
      });
    }
    // Half a key pair would silently fall back to the machine's AWS credentials.
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      issue.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
      });
    }
    // A sign-in method with half its settings would show a button that cannot work.
    for (const [id, secret] of [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
    ] as const) {
      if (Boolean(env[id]) !== Boolean(env[secret])) {
        issue.addIssue({ code: 'custom', path: [env[id] ? secret : id], message: `${id} and ${secret} go together` });
      }
    }
    if (env.OIDC_DISCOVERY_URL || env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET) {
      for (const key of ['OIDC_DISCOVERY_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[key])
          issue.addIssue({
            code: 'custom',
            path: [key],
            message: 'OIDC_DISCOVERY_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
          });
      }
    }
    if (env.SMS_PROVIDER === 'http') {
      for (const key of ['SMS_API_URL', 'SMS_API_KEY'] as const) {
        if (!env[key]) issue.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER is http' });
      }
    }
    // A lookup without its key would be refused by INSEE on every call.
    if (Boolean(env.SIRENE_API_URL) !== Boolean(env.SIRENE_API_KEY)) {
      issue.addIssue({
        code: 'custom',
        path: [env.SIRENE_API_URL ? 'SIRENE_API_KEY' : 'SIRENE_API_URL'],
        message: 'SIRENE_API_URL and SIRENE_API_KEY go together: set both or neither',
      });
    }
    // Codes written to a page anyone can read: never in production.
    if (env.SMS_PROVIDER === 'dev' && env.NODE_ENV === 'production') {
      issue.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: 'dev is refused in production (codes readable at /dev/mailbox)',
      });
    }
    if (env.EINVOICING_PLATFORM === 'afnor') {
      for (const key of [
        'EINVOICING_FLOW_URL',
        'EINVOICING_TOKEN_URL',
        'EINVOICING_CLIENT_ID',
        'EINVOICING_CLIENT_SECRET',
      ] as const) {
        if (!env[key])
          issue.addIssue({ code: 'custom', path: [key], message: 'required when EINVOICING_PLATFORM is afnor' });
      }
    }
    if (env.EINVOICING_PLATFORM === 'simulator' && env.NODE_ENV === 'production') {
      issue.addIssue({
        code: 'custom',
        path: ['EINVOICING_PLATFORM'],
        message: 'simulator is refused in production (no invoice would reach a real platform)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      issue.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
      });
    }
    // A push service on a private address is an open door to the internal network.
    if (env.PUSH_ALLOWED_ORIGINS.length > 0 && env.NODE_ENV === 'production') {
      issue.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOWED_ORIGINS'],
        message: 'is for tests and development: refused in production',
      });
    }
    // Stripe without its webhook secret or prices could take payments it never records.
    if (env.STRIPE_SECRET_KEY) {
      for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const) {
        if (!env[key])
          issue.addIssue({ code: 'custom', path: [key], message: 'required when STRIPE_SECRET_KEY is set' });
      }
    }
  });

export type Env = z.output<typeof envSchema> & { SITE_URL: string; DATA_DIR: string; MAIL_FROM: string };

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new EnvError(`Invalid settings (see docs/settings.md):\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    SITE_URL: siteUrl,
    DATA_DIR: path.resolve(env.DATA_DIR),
    MAIL_FROM: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
  };
}
