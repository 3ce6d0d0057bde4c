/**
 * Migrations are safe while the previous release still serves (issue: production;
 * docs/decisions/015-production.md). The previous release is the commit in
 * apps/server/drizzle/PREVIOUS_RELEASE.
 * 1. Static: released migrations are unchanged, new ones come after them, and no new migration
 *    drops, renames or retypes what the previous release reads, or makes a column NOT NULL
 *    without a default.
 * 2. Live (needs TEST_DATABASE_URL): that commit's server, extracted with `git archive`, runs
 *    against a database migrated by THIS code, and a member's journey works on it: settings,
 *    signup, login, search, a profile, a message, credits bought through the test provider.
 */
import { execFileSync, execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { seedMoney } from '../src/seed/money.js';
import { signupBody } from './access-helpers.js';
import { createChatMember, sendText } from './helpers/chat-factories.js';
import { type ChildServer, createChildServer } from './helpers/child-server.js';
import { openTestDatabase } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser } from './helpers/server.js';

const MIGRATIONS = path.join(ROOT_DIR, 'apps/server/drizzle');
const JOURNAL = 'apps/server/drizzle/meta/_journal.json';

/** The commit of the previous release: the first line of PREVIOUS_RELEASE that is not a comment. */
function previousRelease(): string {
  const lines = readFileSync(path.join(MIGRATIONS, 'PREVIOUS_RELEASE'), 'utf8').split('\n');
  const commit = lines.map((line) => line.trim()).find((line) => line && !line.startsWith('#'));
  if (!commit || !/^[0-9a-f]{7,40}$/.test(commit)) throw new Error('PREVIOUS_RELEASE names no commit');
  return commit;
}

/** Runs git read-only in the repository; answers its output. */
function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Checks that `commit` is in this clone.
 * @throws with what to do when it is not (a shallow clone lacks older commits)
 */
function assertCommitPresent(commit: string): void {
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
  } catch {
    const shallow = git('rev-parse', '--is-shallow-repository').trim() === 'true';
    throw new Error(
      `The previous release ${commit} (apps/server/drizzle/PREVIOUS_RELEASE) is not in this clone` +
        (shallow ? ': it is shallow; run `git fetch --unshallow` (CI: fetch-depth 0).' : '.'),
    );
  }
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journalOf = (text: string) => (JSON.parse(text) as { entries: JournalEntry[] }).entries;

/** One SQL statement of a migration file that the previous release could not live with, with why. */
interface UnsafeStatement {
  migration: string;
  statement: string;
  reason: string;
}

/**
 * The statements of migration `tag` (its SQL `text`) that break a server of the previous release
 * still running on the migrated schema: DROP TABLE / DROP COLUMN, RENAME, ALTER COLUMN ... TYPE,
 * SET NOT NULL on a column the same migration gives no default, and ADD COLUMN ... NOT NULL
 * without a DEFAULT (old code inserts rows without it).
 */
function unsafeStatements(tag: string, text: string): UnsafeStatement[] {
  const statements = text
    .split(/-->\s*statement-breakpoint|;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  const found: UnsafeStatement[] = [];
  const flag = (statement: string, reason: string) => found.push({ migration: tag, statement, reason });
  for (const statement of statements) {
    const flat = statement.replace(/\s+/g, ' ');
    if (/\bDROP (TABLE|COLUMN)\b/i.test(flat)) flag(statement, 'drops what the previous release reads');
    if (/\bRENAME\b/i.test(flat)) flag(statement, 'renames what the previous release reads');
    if (/\bALTER COLUMN "?[\w]+"? (SET DATA )?TYPE\b/i.test(flat)) flag(statement, 'changes a column type in place');
    const notNull = /\bALTER TABLE "?([\w]+)"? ALTER COLUMN "?([\w]+)"? SET NOT NULL\b/i.exec(flat);
    if (notNull) {
      const [, table, column] = notNull;
      const defaulted = new RegExp(`ALTER TABLE "?${table}"? ALTER COLUMN "?${column}"? SET DEFAULT`, 'i');
      if (!defaulted.test(text.replace(/\s+/g, ' '))) flag(statement, 'SET NOT NULL on a column without a default');
    }
    for (const added of flat.matchAll(/\bADD COLUMN ([^,]+?)(?=, ADD COLUMN|$)/gi)) {
      if (/\bNOT NULL\b/i.test(added[1]!) && !/\bDEFAULT\b/i.test(added[1]!))
        flag(statement, 'adds a NOT NULL column without a default');
    }
  }
  return found;
}

describe('migrations since the previous release', () => {
  const commit = previousRelease();

  it('finds the unsafe statements it is meant to refuse', () => {
    const sql = [
      'ALTER TABLE "users" DROP COLUMN "language";',
      'DROP TABLE "gifts";',
      'ALTER TABLE "sites" RENAME COLUMN "name" TO "title";',
      'ALTER TABLE "users" ALTER COLUMN "credits" SET DATA TYPE bigint;',
      'ALTER TABLE "users" ALTER COLUMN "timezone" SET NOT NULL;',
      'ALTER TABLE "users" ADD COLUMN "nickname" text NOT NULL;',
      'ALTER TABLE "users" ALTER COLUMN "tracking" SET DEFAULT \'{}\'::jsonb;',
      'ALTER TABLE "users" ALTER COLUMN "tracking" SET NOT NULL;',
      'ALTER TABLE "users" ADD COLUMN "shown" boolean DEFAULT true NOT NULL;',
      'CREATE TABLE "things" ("id" serial PRIMARY KEY NOT NULL);',
    ].join('--> statement-breakpoint\n');
    expect(unsafeStatements('9999_example', sql).map((u) => u.reason)).toEqual([
      'drops what the previous release reads',
      'drops what the previous release reads',
      'renames what the previous release reads',
      'changes a column type in place',
      'SET NOT NULL on a column without a default',
      'adds a NOT NULL column without a default',
    ]);
  });

  it('keeps released migrations as they were, adds new ones after them, and none is unsafe', () => {
    assertCommitPresent(commit);
    const released = journalOf(git('show', `${commit}:${JOURNAL}`));
    const current = journalOf(readFileSync(path.join(ROOT_DIR, JOURNAL), 'utf8'));
    // Forward-only: a released migration is never edited, removed or reordered.
    expect(current.slice(0, released.length).map((e) => e.tag)).toEqual(released.map((e) => e.tag));
    for (const entry of released) {
      const file = `apps/server/drizzle/${entry.tag}.sql`;
      expect(readFileSync(path.join(ROOT_DIR, file), 'utf8'), `${file} changed after its release`).toBe(
        git('show', `${commit}:${file}`),
      );
    }
    // Drizzle applies only migrations newer than the newest applied one: times must rise.
    for (let i = 1; i < current.length; i++)
      expect(current[i]!.when, `${current[i]!.tag} is older than ${current[i - 1]!.tag}`).toBeGreaterThan(
        current[i - 1]!.when,
      );
    const unsafe = current
      .slice(released.length)
      .flatMap((entry) => unsafeStatements(entry.tag, readFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), 'utf8')));
    expect(unsafe, 'statements the previous release cannot run against (do them one release later)').toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the previous release's server on this code's schema (PostgreSQL)",
  () => {
    const commit = previousRelease();
    // Inside the repository, so the extracted code finds node_modules (ignored by git, biome, vitest, tsc).
    const dir = path.join(ROOT_DIR, 'apps/server/.previous-release', `run-${randomBytes(4).toString('hex')}`);
    let database: Database;
    let child: ChildServer;
    let siteId: number;
    let packageId: number;

    beforeAll(async () => {
      assertCommitPresent(commit);
      mkdirSync(dir, { recursive: true });
      execSync(
        `git archive --format=tar ${commit} -- apps/server packages locales tsconfig.base.json ` +
          `':(exclude)apps/server/test' ':(exclude)apps/server/bench' ':(exclude)packages/*/test' | tar -x -C '${dir}'`,
        { cwd: ROOT_DIR, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      // Its own workspace packages, found before this code's (node_modules/@app/* point at the current ones).
      mkdirSync(path.join(dir, 'node_modules/@app'), { recursive: true });
      for (const name of ['contracts', 'public-site'])
        symlinkSync(path.join(dir, 'packages', name), path.join(dir, 'node_modules/@app', name), 'dir');

      // Migrated by THIS code (openTestDatabase runs the current migrations).
      database = await openTestDatabase('postgres');
      siteId = (await createSite(database.db, { is_default: true, message_length: 200 })).id;
      packageId = (await seedMoney(database.db, siteId))[0]!;
      const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      child = await createChildServer({ databaseUrl: url, entry: path.join(dir, 'apps/server/src/main.ts') });
      await child.start();
    }, 180_000);

    afterAll(async () => {
      await child?.stop();
      await database?.close();
      rmSync(dir, { recursive: true, force: true });
      // The parent goes too, unless another run still uses it.
      try {
        rmdirSync(path.dirname(dir));
      } catch {
        // Not empty: another run's folder is in it.
      }
    });

    it('serves settings, signup, login, search, a profile, a message and a test-provider purchase', async () => {
      const settings = await new Browser(child.url).get('/api/settings.php');
      expect(settings.status, JSON.stringify(settings.json)).toBe(200);

      const newcomer = new Browser(child.url);
      const signedUp = await newcomer.post('/api/signup.php', signupBody());
      expect(signedUp.status, JSON.stringify(signedUp.json)).toBe(200);

      const other = await createMember(database.db, siteId, { profile: { name: 'Oudeversie' } });
      const member = await createChatMember(database.db, siteId, child.url, { credits: 50 });
      const found = await member.browser.get('/api/search.php?per_page=60');
      expect(found.status, JSON.stringify(found.json)).toBe(200);
      const profile = await member.browser.get(`/api/profile.php?id=${other.profile.id}`);
      expect(profile.status).toBe(200);
      expect(JSON.stringify(profile.json)).toContain('Oudeversie');

      const sent = await sendText(member.browser, other.profile.id, 'Hallo vanaf de vorige versie');
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);

      const started = await member.browser.post('/api/payment.php', { package: packageId, method: 'ideal' });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      const paid = await fetch(started.json.checkout_url, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'paid' }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const shown = await member.browser.get(`/api/payment.php?payment_id=${started.json.payment.payment_id}`);
      expect(shown.json).toMatchObject({ status: 'paid' });
      const user = await member.browser.get('/api/user.php');
      expect(user.json.credits).toBeGreaterThan(50);
    });
  },
);
