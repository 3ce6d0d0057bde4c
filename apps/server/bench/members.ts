/**
 * Members and the app's server for the benchmarks (`npm run bench:chat`, `npm run bench:photos`): a fresh site on
 * `localhost`, `count` paying members with `credits` each (and their ledger rows), every one with a
 * session whose token the bench sends as the `sid` cookie. Statistics are taken afterwards, as a
 * running site has them.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { creditLedger, profiles, sessions, users } from '../src/db/schema.js';
import { hashToken } from '../src/services/access/sessions.js';
import { createSite } from '../test/helpers/factories.js';

/** A seeded member: ids and the session token (the `sid` cookie). */
export type BenchMember = { userId: number; profileId: number; token: string };

/** Seeds the members into the database at `url` (migrated by openDatabase); answers them in order. */
export async function seedBenchMembers(url: string, count: number, credits: number): Promise<BenchMember[]> {
  const database = await openDatabase({ url, dataDir: '' });
  const db = database.db;
  const site = await createSite(db, { is_default: true, domain: 'localhost' });
  const members: BenchMember[] = [];
  const dob = '1990-01-01';
  for (let start = 0; start < count; start += 500) {
    const n = Math.min(500, count - start);
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          site_id: site.id,
          email: `bench${start + i}@example.com`,
          password_hash: 'x',
          status: 'confirmed',
          paid_user: true,
          credits: credits,
        })),
      )
      .returning({ id: users.id });
    const profileRows = await db
      .insert(profiles)
      .values(
        userRows.map((u, i) => ({
          site_id: site.id,
          user_id: u.id,
          name: `Bench${start + i}`,
          status: 'active',
          gender: i % 2 ? 'male' : 'female',
          date_of_birth: dob,
          country: 'NL',
        })),
      )
      .returning({ id: profiles.id, user_id: profiles.user_id });
    await db
      .insert(creditLedger)
      .values(userRows.map((u) => ({ user_id: u.id, delta: credits, balance_after: credits, reason: 'bench' })));
    const tokens = userRows.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sessions).values(
      userRows.map((u, i) => ({
        token_hash: hashToken(tokens[i] ?? ''),
        user_id: u.id,
        expires_at: new Date(Date.now() + 86_400_000),
      })),
    );
    userRows.forEach((u, i) => {
      const profile = profileRows.find((p) => p.user_id === u.id);
      members.push({ userId: u.id, profileId: profile?.id ?? 0, token: tokens[i] ?? '' });
    });
  }
  // Statistics for the fresh tables now, as a running site has them: without this the first run
  // plans its statements on empty statistics and autovacuum's analyze of the new rows lands
  // in the middle of the measured sends.
  await database.db.execute(sql`vacuum (analyze)`);
  await database.close();
  return members;
}

/**
 * Starts the real app (bench/chat-server.ts) in a process of its own over the database at `url`,
 * with `env` added (e.g. BENCH_JOB_WORKER); with BENCH_CPU_PROF set it writes a CPU profile there.
 * Answers the process and its port once it listens; send it 'stop' to end it.
 * @throws when the server exits before it listens
 */
export function startBenchServer(
  url: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'chat-server.ts');
  const child = fork(script, [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: path.join(os.tmpdir(), `bench-server-${randomBytes(4).toString('hex')}`),
      WEB_DIST: '/nonexistent',
      ...env,
    },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}
