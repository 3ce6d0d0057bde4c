/**
 * The configuration checked at start (issue: production): formats always, a production
 * deployment's secrets and payment provider, the embedded demo with no settings at all, and a real
 * start that stops with the whole list.
 */

import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../src/config.js';
import {
  assertStartConfig,
  isProductionDeployment,
  StartConfigError,
  startConfigProblems,
} from '../src/lifecycle/start-config.js';
import { type ChildServer, createChildServer } from './helpers/child-server.js';

const VAPID = webpush.generateVAPIDKeys();
const SECRET = 'a-deployment-secret-of-forty-characters!';

/** A production deployment's complete environment; each test takes one thing away or breaks it. */
const DEPLOYMENT = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:pw@db.internal:5432/dating',
  PUBLIC_URL: 'https://dating.example',
  UNSUBSCRIBE_SECRET: SECRET,
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz0123',
} as const;

/** The problems' variable names, in order. */
const names = (env: NodeJS.ProcessEnv) => startConfigProblems(env).map((p) => p.split(':')[0]);

describe('start configuration', () => {
  it('lets the embedded demo start with no settings, also under NODE_ENV=production (npm start, e2e)', () => {
    expect(startConfigProblems({})).toEqual([]);
    expect(startConfigProblems({ NODE_ENV: 'production' })).toEqual([]);
    expect(isProductionDeployment({ NODE_ENV: 'production' })).toBe(false);
    // The e2e server's settings (playwright.config.ts): short secrets and the outbox are fine there.
    const e2e = {
      NODE_ENV: 'production',
      PORT: '3100',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:3100',
      SEED_MEMBERS: '120',
      LOG_LEVEL: 'warn',
      DEV_OUTBOX: '1',
      SEED_AUTO_APPROVE_PHOTOS: '0',
      PUSH_ENDPOINT_HOSTS: '127.0.0.1',
      NOTIFY_PUSH_DELAY_SECONDS: '1',
      UNSUBSCRIBE_SECRET: 'e2e-unsubscribe-secret',
      MAIL_WEBHOOK_SECRET: 'e2e-mail-webhook-secret',
    };
    expect(startConfigProblems(e2e)).toEqual([]);
  });

  it('accepts a complete production deployment, and a PostgreSQL development start without secrets', () => {
    expect(isProductionDeployment(DEPLOYMENT)).toBe(true);
    expect(startConfigProblems(DEPLOYMENT)).toEqual([]);
    expect(startConfigProblems({ ...DEPLOYMENT, MOLLIE_API_KEY: '', ALLOW_TEST_PAYMENTS: '1' })).toEqual([]);
    expect(startConfigProblems({ DATABASE_URL: DEPLOYMENT.DATABASE_URL })).toEqual([]);
  });

  it('lists every missing secret of a production deployment at once', () => {
    const bare = { NODE_ENV: 'production', DATABASE_URL: DEPLOYMENT.DATABASE_URL };
    expect(names(bare)).toEqual([
      'PUBLIC_URL',
      'UNSUBSCRIBE_SECRET',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'MOLLIE_API_KEY',
    ]);
    // Empty means unset (compose files write `VAR=`).
    expect(names({ ...DEPLOYMENT, UNSUBSCRIBE_SECRET: '  ', PUBLIC_URL: '' })).toEqual([
      'PUBLIC_URL',
      'UNSUBSCRIBE_SECRET',
    ]);
  });

  it('refuses the test payment provider, short secrets and the development outbox on a deployment', () => {
    const problems = startConfigProblems({
      ...DEPLOYMENT,
      MOLLIE_API_KEY: undefined,
      UNSUBSCRIBE_SECRET: 'short',
      MAIL_WEBHOOK_SECRET: 'short too',
      DEV_OUTBOX: '1',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'UNSUBSCRIBE_SECRET',
      'MAIL_WEBHOOK_SECRET',
      'MOLLIE_API_KEY',
      'DEV_OUTBOX',
    ]);
    expect(problems.find((p) => p.startsWith('MOLLIE_API_KEY'))).toContain('ALLOW_TEST_PAYMENTS=1');
  });

  it('refuses malformed numbers, URLs, keys and flags on every start, without echoing values', () => {
    const env = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root:hunter2@db/dating',
      PUBLIC_URL: 'dating.example',
      REDIS_URL: 'http://127.0.0.1:6379',
      SHUTDOWN_TIMEOUT_SECONDS: '-1',
      NOTIFY_PUSH_DELAY_SECONDS: 'soon',
      SEED_MEMBERS: '1',
      PHOTO_FORMAT: 'gif',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'true',
      VAPID_PUBLIC_KEY: 'not-a-key',
      VAPID_PRIVATE_KEY: VAPID.privateKey,
    };
    const problems = startConfigProblems(env);
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      [
        'PORT',
        'DATABASE_URL',
        'PUBLIC_URL',
        'REDIS_URL',
        'SHUTDOWN_TIMEOUT_SECONDS',
        'NOTIFY_PUSH_DELAY_SECONDS',
        'SEED_MEMBERS',
        'PHOTO_FORMAT',
        'LOG_LEVEL',
        'SEED_DEMO',
        'VAPID_PUBLIC_KEY',
      ].sort(),
    );
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problems).toContain('PORT: expected a whole number from 0 to 65535');
  });

  it('wants both VAPID keys or neither', () => {
    expect(names({ VAPID_PUBLIC_KEY: VAPID.publicKey })).toEqual(['VAPID_PRIVATE_KEY']);
    expect(names({ VAPID_PRIVATE_KEY: VAPID.privateKey })).toEqual(['VAPID_PUBLIC_KEY']);
  });

  it('throws one error whose message lists every problem', () => {
    let thrown: unknown;
    try {
      assertStartConfig({ NODE_ENV: 'production', DATABASE_URL: DEPLOYMENT.DATABASE_URL, PORT: 'x' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(StartConfigError);
    const message = (thrown as StartConfigError).message;
    expect(message).toMatch(/^The server cannot start: 6 settings are missing or invalid\./);
    for (const name of ['PORT', 'PUBLIC_URL', 'UNSUBSCRIBE_SECRET', 'VAPID_PUBLIC_KEY', 'MOLLIE_API_KEY'])
      expect(message).toContain(`  - ${name}: `);
  });

  it('reads the new settings into the Config', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      SEED_DEMO: '1',
      ALLOW_TEST_PAYMENTS: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '3',
    });
    expect(config).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379/2',
      redisKeyPrefix: 'rate-limit:',
      seedDemo: true,
      allowTestPayments: true,
      shutdownTimeoutSeconds: 3,
    });
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, seedDemo: false, shutdownTimeoutSeconds: 10 });
  });
});

describe('a production start with missing settings', () => {
  let child: ChildServer | undefined;
  afterEach(() => child?.stop());

  it('exits non-zero before it opens the database, naming every missing setting', async () => {
    // No database listens on port 1: the start must stop before it tries one.
    child = await createChildServer({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      env: { PUBLIC_URL: '', UNSUBSCRIBE_SECRET: '', ALLOW_TEST_PAYMENTS: '', SHUTDOWN_TIMEOUT_SECONDS: 'never' },
    });
    await expect(child.start()).rejects.toThrow(/exited while starting \(1\)/);
    const output = child.output();
    expect(output).toContain('The server cannot start: 4 settings are missing or invalid.');
    for (const name of ['SHUTDOWN_TIMEOUT_SECONDS', 'PUBLIC_URL', 'UNSUBSCRIBE_SECRET', 'MOLLIE_API_KEY'])
      expect(output).toContain(`  - ${name}: `);
    expect(output).not.toContain('ECONNREFUSED');
    expect(child.exits).toEqual([expect.objectContaining({ code: 1, expected: false })]);
  });
});
