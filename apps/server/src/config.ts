import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PHOTO_MAX_MB, DEFAULT_PHOTO_MAX_MEGAPIXELS } from '@app/contracts';

/**
 * Repository root: the nearest folder above this module that holds the migrations, so commands work
 * from any folder and the same code runs from its sources (apps/server/src) or compiled
 * (apps/server/dist, scripts/build-server.mjs).
 */
export const ROOT_DIR = findRootDir(path.dirname(fileURLToPath(import.meta.url)));

function findRootDir(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/server/drizzle'))) return dir;
  }
  throw new Error(`no apps/server/drizzle above ${from}: the server runs from its repository folder`);
}

/** Runtime configuration, read once from the environment. README lists every variable. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server URL; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database and of stored photos. */
  dataDir: string;
  /** Folder photos are stored in (served under the site's cdn_prefix). */
  photoDir: string;
  /** Built web client served by the server. */
  webDist: string;
  isProduction: boolean;
  logLevel: string;
  /**
   * Which peers' X-Forwarded-* headers are believed (Fastify's trustProxy): false (none, the
   * default), a hop count (1 = the one reverse proxy in front; the client is the address it
   * appended), or a comma list of proxy addresses/CIDRs. Never "every peer": then anyone could set
   * their own client address (login limits) and host.
   */
  trustProxy: false | number | string;
  /** Members made by the demo seed on first start. */
  seedMembers: number;
  /** Skip seeding on an empty database. */
  noSeed: boolean;
  /** Whether the seeded demo site approves photos at once (DECISIONS.md: it does by default). */
  seedAutoApprovePhotos: boolean;
  /** SMTP server URL (smtp://user:pass@host:587); absent means mail stays in the local outbox. */
  smtpUrl: string | undefined;
  /** Sender of mails; absent means `"<site.mail_name>" <noreply@<site.domain>>` per site. */
  smtpFrom: string | undefined;
  /** SMS gateway URL that gets a JSON POST {from, to, text}; absent means SMS stay in the local outbox. */
  smsWebhookUrl: string | undefined;
  /** Bearer token sent to the SMS gateway. */
  smsWebhookToken: string | undefined;
  /** Sender name or number of SMS (at most 11 letters or a phone number); absent means the site name. */
  smsFrom: string | undefined;
  /** Serve the development outbox pages (/dev/outbox) although NODE_ENV is production (e2e tests). */
  devOutbox: boolean;
  /**
   * TEST_PHOTO_SCORER=colour: the journeys' stand-in for the explicit-photo model (nsfw/colour-scorer.ts;
   * issue: explicit photos); refused on a production deployment. Unset: the model.
   */
  testPhotoScorer: 'colour' | undefined;
  /** Photo uploads: size limit (MB), pixel limit (megapixels) and the stored format. */
  photos: { maxMegabytes: number; maxMegapixels: number; format: 'jpeg' | 'webp' };
  /** S3-compatible photo storage; null stores photos in photoDir. */
  s3: S3Config | null;
  /** Mollie API key (test_... or live_...); absent means the built-in test payment provider. */
  mollieApiKey: string | undefined;
  /** Root of the Mollie API (https only); absent means Mollie's own. Tests point it at a fake server. */
  mollieApiEndpoint: string | undefined;
  /**
   * Notifications (issue: notifications and the installable app). VAPID keys and the unsubscribe
   * secret come from the environment, else from `<dataDir>/secrets.json`, generated on first start
   * (secrets.ts); several instances must share them through the environment.
   */
  notifications: NotificationConfig;
  /** Origin of the default site's outside links (mails, payment return and webhook) when its public_url is unset (services/sites/site-url.ts). */
  publicUrl: string | undefined;
  /**
   * ADMIN_URL: origin the back office is used at (staff passkeys' relying party, docs/decisions/022-passkeys.md);
   * absent: PUBLIC_URL, else `http://localhost:<PORT>`.
   */
  adminUrl: string | undefined;
  /**
   * SAFETY_WORDS_DIR: a folder of operator word lists (`<lng>.json`, `messengers.json`) merged over the
   * shipped message-signal lists (docs/safety-signals.md); absent: the shipped lists only.
   */
  safetyWordsDir: string | undefined;
  /** SENTRY_DSN: errors are reported to this Sentry-compatible project; absent: nothing is reported (docs/operations.md). */
  sentryDsn: string | undefined;
  /** SENTRY_CLIENT_DSN: the member app's public DSN, given to browsers that consented to statistics; absent: the app reports nothing (docs/client.md). */
  sentryClientDsn: string | undefined;
  /** METRICS_TOKEN: GET /metrics needs `Authorization: Bearer <token>`; absent: only private addresses may read it. */
  metricsToken: string | undefined;
  /** REDIS_URL: the per-route rate limits count in this Redis; absent means in the database (http/rate-limit-store.ts). */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX: prefix of the rate-limit keys in Redis (default `rate-limit:`), for a Redis shared with others. */
  redisKeyPrefix: string;
  /**
   * SEED_DEMO=1: seed the demo site, members and their published password into an empty PostgreSQL
   * database too, and allow a production start on a database that has them (a demo deployment).
   * Without it only the embedded database is seeded (docs/decisions/015-production.md).
   */
  seedDemo: boolean;
  /** ALLOW_TEST_PAYMENTS=1: a production deployment may run without MOLLIE_API_KEY, on the test provider. */
  allowTestPayments: boolean;
  /** SHUTDOWN_TIMEOUT_SECONDS: how long a graceful stop may take before the process exits anyway (default 10). */
  shutdownTimeoutSeconds: number;
  /**
   * WEB_CONCURRENCY: server processes sharing the port (Node's cluster module, cluster.ts), each a
   * whole instance; default 1. Only with DATABASE_URL (the embedded database serves one process).
   */
  webConcurrency: number;
}

/** Notification settings of a deployment (README lists the variables). */
export interface NotificationConfig {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url); absent: generated into the data folder. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services; absent: PUBLIC_URL when https, else a mailto: placeholder. */
  vapidSubject: string | undefined;
  /** UNSUBSCRIBE_SECRET: HMAC key of the unsubscribe links; absent: generated into the data folder. */
  unsubscribeSecret: string | undefined;
  /** MAIL_WEBHOOK_SECRET: the bearer secret of POST /api/mail-webhook.php; absent: the webhook refuses every call. */
  mailWebhookSecret: string | undefined;
  /**
   * PUSH_ENDPOINT_HOSTS: hosts a push subscription's endpoint may point at besides the known push
   * services (comma list; tests add 127.0.0.1, where http is allowed too).
   */
  pushEndpointHosts: string[];
  /** NOTIFY_PUSH_DELAY_SECONDS: a push waits this long, so a message read at once sends none (default 5). */
  pushDelaySeconds: number;
  /** NOTIFY_MAIL_INTERVAL_SECONDS: at most one notification mail per kind and member this often (default 3600). */
  mailIntervalSeconds: number;
}

/** An S3-compatible bucket for photos (AWS S3, MinIO, Cloudflare R2, ...). */
export interface S3Config {
  bucket: string;
  /** Endpoint URL for non-AWS services; absent means AWS for `region`. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Public URL of the bucket (ends with /), to be the sites' cdn_prefix. */
  publicUrl: string | undefined;
  /** Key prefix inside the bucket, e.g. 'photos/'. */
  prefix: string;
}

/** Reads the S3 settings; null unless S3_BUCKET is set. */
function loadS3Config(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  const publicUrl = env.S3_PUBLIC_URL || undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    publicUrl: publicUrl && !publicUrl.endsWith('/') ? `${publicUrl}/` : publicUrl,
    prefix: env.S3_PREFIX ?? '',
  };
}

/** A positive number from the environment, else `fallback`. */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** A number ≥ 0 from the environment, else `fallback`. */
function nonNegative(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/**
 * TRUST_PROXY: unset or 0 → false; a number → that many proxy hops; `true` → 1 hop (it once meant
 * "every peer"); anything else → a comma list of proxy addresses or CIDRs (`10.0.0.0/8,127.0.0.1`).
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

/** Reads the Config from `env` (defaults: PORT 3000, HOST 0.0.0.0, DATA_DIR ./data). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    photoDir: path.resolve(env.PHOTO_DIR ?? path.join(dataDir, 'photos')),
    webDist: path.resolve(env.WEB_DIST ?? path.join(ROOT_DIR, 'apps/web/dist')),
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedMembers: Number(env.SEED_MEMBERS ?? 600),
    noSeed: env.NO_SEED === '1',
    seedAutoApprovePhotos: env.SEED_AUTO_APPROVE_PHOTOS !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    smsWebhookToken: env.SMS_WEBHOOK_TOKEN || undefined,
    smsFrom: env.SMS_FROM || undefined,
    devOutbox: env.DEV_OUTBOX === '1',
    testPhotoScorer: env.TEST_PHOTO_SCORER === 'colour' ? 'colour' : undefined,
    photos: {
      maxMegabytes: positive(env.PHOTO_MAX_MB, DEFAULT_PHOTO_MAX_MB),
      maxMegapixels: positive(env.PHOTO_MAX_MEGAPIXELS, DEFAULT_PHOTO_MAX_MEGAPIXELS),
      format: env.PHOTO_FORMAT === 'webp' ? 'webp' : 'jpeg',
    },
    s3: loadS3Config(env),
    mollieApiKey: env.MOLLIE_API_KEY || undefined,
    mollieApiEndpoint: env.MOLLIE_API_ENDPOINT || undefined,
    notifications: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
      vapidSubject: env.VAPID_SUBJECT || undefined,
      unsubscribeSecret: env.UNSUBSCRIBE_SECRET || undefined,
      mailWebhookSecret: env.MAIL_WEBHOOK_SECRET || undefined,
      pushEndpointHosts: (env.PUSH_ENDPOINT_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      pushDelaySeconds: nonNegative(env.NOTIFY_PUSH_DELAY_SECONDS, 5),
      mailIntervalSeconds: positive(env.NOTIFY_MAIL_INTERVAL_SECONDS, 3600),
    },
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    adminUrl: env.ADMIN_URL ? env.ADMIN_URL.replace(/\/+$/, '') : undefined,
    safetyWordsDir: env.SAFETY_WORDS_DIR ? path.resolve(env.SAFETY_WORDS_DIR) : undefined,
    sentryDsn: env.SENTRY_DSN || undefined,
    sentryClientDsn: env.SENTRY_CLIENT_DSN || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'rate-limit:',
    seedDemo: env.SEED_DEMO === '1',
    allowTestPayments: env.ALLOW_TEST_PAYMENTS === '1',
    shutdownTimeoutSeconds: positive(env.SHUTDOWN_TIMEOUT_SECONDS, 10),
    webConcurrency: Math.floor(positive(env.WEB_CONCURRENCY, 1)),
  };
}
