/**
 * The demo seed's place in a start (issue: production): it seeds only the embedded database, or any
 * empty database when asked (SEED_DEMO=1), and a production deployment refuses to start while
 * accounts anyone can log into with the published demo password exist.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { countMembersWithPasswordHash, findKnownAccountHashes } from '../db/repositories/demo-accounts.js';
import { checkPassword } from '../services/access/login.js';
import { DEMO_ADMIN_EMAIL } from './demo.js';
import { DEMO_PASSWORD, planDemoLogins } from './demo-logins.js';
import { DEMO_OPERATOR_EMAIL } from './operators.js';

/**
 * Whether a start seeds the demo into an empty database: never with NO_SEED=1; on the embedded
 * database (no DATABASE_URL) always; on a PostgreSQL server only with SEED_DEMO=1.
 */
export function shouldSeedDemo(config: Pick<Config, 'noSeed' | 'databaseUrl' | 'seedDemo'>): boolean {
  if (config.noSeed) return false;
  return !config.databaseUrl || config.seedDemo;
}

/** The seeded accounts that still log in with DEMO_PASSWORD, and how many members share their hash. */
export interface DemoPasswordAccounts {
  /** `member demo@example.com`, `staff admin@example.com`, ... */
  accounts: string[];
  /** Members (the fixed demo logins included) whose password hash is one of theirs: the seeded members. */
  membersSharingHash: number;
}

/**
 * The demo seed's fixed logins (members demo@ and premium@ on any site, staff admin@ and operator@)
 * whose stored hash accepts DEMO_PASSWORD: one argon2 verify each, a handful in all.
 */
export async function findDemoPasswordAccounts(db: Db): Promise<DemoPasswordAccounts> {
  const memberEmails = planDemoLogins(new Date(), 0).map((demo) => demo.login.email);
  const known = await findKnownAccountHashes(db, memberEmails, [DEMO_ADMIN_EMAIL, DEMO_OPERATOR_EMAIL]);
  const open = [];
  for (const account of known) {
    if (await checkPassword(account.password_hash, DEMO_PASSWORD)) open.push(account);
  }
  const hashes = [...new Set(open.map((account) => account.password_hash))];
  return {
    accounts: open.map((account) => `${account.kind} ${account.email}`),
    membersSharingHash: await countMembersWithPasswordHash(db, hashes),
  };
}

/** A production start refused because the database holds accounts with the published demo password. */
export class DemoPasswordError extends Error {
  constructor(found: DemoPasswordAccounts) {
    super(
      `The server cannot start: this production database has accounts that log in with the published demo ` +
        `password "${DEMO_PASSWORD}" (${found.accounts.join(', ')}; ${found.membersSharingHash} members share ` +
        'that password). It was seeded with demo data. Use a fresh database, give those accounts other ' +
        'passwords, or set SEED_DEMO=1 if this deployment is a demo on purpose.',
    );
    this.name = 'DemoPasswordError';
  }
}

/**
 * Refuses a production deployment's start (DATABASE_URL and NODE_ENV=production, without
 * SEED_DEMO=1) on a database where a demo login still accepts DEMO_PASSWORD; anything else passes
 * without a query.
 * @throws DemoPasswordError naming the accounts
 */
export async function assertNoDemoPasswords(
  db: Db,
  config: Pick<Config, 'isProduction' | 'databaseUrl' | 'seedDemo'>,
): Promise<void> {
  if (!config.isProduction || !config.databaseUrl || config.seedDemo) return;
  const found = await findDemoPasswordAccounts(db);
  if (found.accounts.length > 0) throw new DemoPasswordError(found);
}
