/**
 * The environment checked before the server starts (issue: production, "configuration validated at
 * start"). Every variable's format is checked on every start; a production deployment must also set
 * its secrets. docs/decisions/015-production.md and README list the variables.
 */
import { z } from 'zod';

/**
 * Whether `env` describes a production deployment: NODE_ENV=production AND DATABASE_URL set. The
 * embedded database (PGlite, one process) is the demo and the e2e run, even with NODE_ENV=production
 * (`npm start` sets it), so `npm start` keeps working with no settings at all.
 */
export function isProductionDeployment(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production' && Boolean(env.DATABASE_URL?.trim());
}

/** The start refused: `problems` holds one line per variable that is missing or malformed. */
export class StartConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The server cannot start: ${problems.length === 1 ? 'one setting is' : `${problems.length} settings are`} ` +
        `missing or invalid.\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Set them in the environment (README: "Configuration"; docs/decisions/015-production.md).',
    );
    this.name = 'StartConfigError';
  }
}

/** Unset: absent or only spaces (compose files write `VAR=` for "not set"). */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** An optional variable whose value, when set, must pass `schema`. */
const optional = (schema: z.ZodType) => z.preprocess(blankToUndefined, schema.optional());

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max, {
    message: `expected a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`,
  });

const number = (min: number, { above }: { above: boolean }) =>
  z.string().refine(
    (v) => {
      const n = Number(v);
      return v.trim() !== '' && Number.isFinite(n) && (above ? n > min : n >= min);
    },
    { message: `expected a number ${above ? 'above' : 'of at least'} ${min}` },
  );

/** A URL whose scheme is one of `schemes` (without the colon). */
const url = (schemes: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return schemes.includes(new URL(v).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `expected a ${schemes.map((s) => `${s}:`).join(' or ')} URL` },
  );

const flag = z.enum(['0', '1'], { message: 'expected 1 (on) or 0 (off)' });

/** base64url text that decodes to exactly `bytes` bytes (a VAPID key). */
const base64UrlKey = (bytes: number, what: string) =>
  z.string().refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes, {
    message: `expected the ${what} as base64url (${bytes} bytes), e.g. from \`npx web-push generate-vapid-keys\``,
  });

/** The format of every variable the server reads that has one; unknown variables pass. */
const formatSchema = z.object({
  PORT: optional(wholeNumber(0, 65535)),
  DATABASE_URL: optional(url(['postgres', 'postgresql'])),
  DATABASE_POOL_SIZE: optional(wholeNumber(1, 1000)),
  PUBLIC_URL: optional(url(['https', 'http'])),
  ADMIN_URL: optional(url(['https', 'http'])),
  REDIS_URL: optional(url(['redis', 'rediss'])),
  SMTP_URL: optional(url(['smtp', 'smtps'])),
  SMS_WEBHOOK_URL: optional(url(['https', 'http'])),
  MOLLIE_API_KEY: optional(
    z.string().regex(/^(live|test)_[A-Za-z0-9]+$/, { message: 'expected a Mollie API key (live_… or test_…)' }),
  ),
  MOLLIE_API_ENDPOINT: optional(url(['https', 'http'])),
  S3_ENDPOINT: optional(url(['https', 'http'])),
  S3_PUBLIC_URL: optional(url(['https', 'http'])),
  VAPID_PUBLIC_KEY: optional(base64UrlKey(65, 'public key')),
  VAPID_PRIVATE_KEY: optional(base64UrlKey(32, 'private key')),
  VAPID_SUBJECT: optional(url(['mailto', 'https'])),
  SEED_MEMBERS: optional(wholeNumber(2)),
  PHOTO_MAX_MB: optional(number(0, { above: true })),
  PHOTO_MAX_MEGAPIXELS: optional(number(0, { above: true })),
  PHOTO_FORMAT: optional(z.enum(['jpeg', 'webp'], { message: 'expected jpeg or webp' })),
  NOTIFY_PUSH_DELAY_SECONDS: optional(number(0, { above: false })),
  NOTIFY_MAIL_INTERVAL_SECONDS: optional(number(0, { above: true })),
  SHUTDOWN_TIMEOUT_SECONDS: optional(number(0, { above: true })),
  WEB_CONCURRENCY: optional(wholeNumber(1)),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected fatal, error, warn, info, debug, trace or silent',
    }),
  ),
  NO_SEED: optional(flag),
  SEED_DEMO: optional(flag),
  SEED_AUTO_APPROVE_PHOTOS: optional(flag),
  DEV_OUTBOX: optional(flag),
  TEST_PHOTO_SCORER: optional(z.enum(['colour'], { message: 'expected colour (journeys only)' })),
  ALLOW_TEST_PAYMENTS: optional(flag),
});

/** Shortest secret a production deployment accepts (characters; `openssl rand -base64 32` gives 44). */
export const MIN_SECRET_LENGTH = 32;

/** What a production deployment must set, beyond the formats: one line per problem. */
function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => blankToUndefined(env[name]) !== undefined;
  const problems: string[] = [];
  if (!set('PUBLIC_URL'))
    problems.push(
      'PUBLIC_URL: not set; the public origin of the default site (https://dating.example) for mailed links',
    );
  if (!set('UNSUBSCRIBE_SECRET'))
    problems.push('UNSUBSCRIBE_SECRET: not set; every instance must sign unsubscribe links with the same key');
  else if ((env.UNSUBSCRIBE_SECRET ?? '').trim().length < MIN_SECRET_LENGTH)
    problems.push(`UNSUBSCRIBE_SECRET: shorter than ${MIN_SECRET_LENGTH} characters (openssl rand -base64 32)`);
  if (set('MAIL_WEBHOOK_SECRET') && (env.MAIL_WEBHOOK_SECRET ?? '').trim().length < MIN_SECRET_LENGTH)
    problems.push(`MAIL_WEBHOOK_SECRET: shorter than ${MIN_SECRET_LENGTH} characters (openssl rand -base64 32)`);
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
    if (!set(name))
      problems.push(
        `${name}: not set; every instance must push with the same key pair (npx web-push generate-vapid-keys)`,
      );
  }
  if (!set('MOLLIE_API_KEY') && env.ALLOW_TEST_PAYMENTS !== '1')
    problems.push(
      'MOLLIE_API_KEY: not set; without it payments go to the built-in test provider, where anyone can mark a ' +
        'payment paid (set ALLOW_TEST_PAYMENTS=1 for a demo or staging deployment)',
    );
  if (env.DEV_OUTBOX === '1')
    problems.push('DEV_OUTBOX: 1 serves every mail, password-reset links included, to anyone; never on a deployment');
  if (env.TEST_PHOTO_SCORER)
    problems.push(
      'TEST_PHOTO_SCORER: scores photos by their colour instead of the model (journeys only); never on a deployment',
    );
  return problems;
}

/** Both VAPID keys or neither: one alone would be ignored and the pair generated. */
function pairProblems(env: NodeJS.ProcessEnv): string[] {
  const hasPublic = blankToUndefined(env.VAPID_PUBLIC_KEY) !== undefined;
  const hasPrivate = blankToUndefined(env.VAPID_PRIVATE_KEY) !== undefined;
  if (hasPublic === hasPrivate) return [];
  return [`${hasPublic ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: not set, while its other half is`];
}

/**
 * Every problem of `env` for a start, one line each (`NAME: what is wrong`), never the values
 * themselves (URLs may hold passwords): malformed numbers, URLs, keys and flags always; for a
 * production deployment (isProductionDeployment) also a missing PUBLIC_URL, UNSUBSCRIBE_SECRET or
 * VAPID key pair, the test payment provider without ALLOW_TEST_PAYMENTS=1, DEV_OUTBOX=1 and
 * TEST_PHOTO_SCORER.
 * An empty list means the server may start.
 */
export function startConfigProblems(env: NodeJS.ProcessEnv): string[] {
  const parsed = formatSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  problems.push(...pairProblems(env));
  if (isProductionDeployment(env)) {
    const malformed = new Set(problems.map((p) => p.split(':')[0]));
    problems.push(...productionProblems(env).filter((p) => !malformed.has(p.split(':')[0])));
  }
  return problems;
}

/**
 * Refuses a start whose environment has any problem (startConfigProblems); main.ts calls it before
 * it opens the database.
 * @throws StartConfigError listing every problem at once
 */
export function assertStartConfig(env: NodeJS.ProcessEnv): void {
  const problems = startConfigProblems(env);
  if (problems.length > 0) throw new StartConfigError(problems);
}
