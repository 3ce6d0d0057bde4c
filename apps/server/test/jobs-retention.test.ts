/**
 * Records that serve operations only are kept for a limited time (issue: the last gaps, privacy and
 * growth; docs/operations.md "Retention"): the daily purge_records job deletes login attempts, page
 * events, the mail log and mail feedback past their periods, moved there by the clock, and keeps
 * everything younger. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { JobRow } from '../src/db/repositories/jobs.js';
import { loginAttempts, mail_feedback, outbox, pageEvents } from '../src/db/schema.js';
import { buildAppDeps } from '../src/deps.js';
import { appJobHandlers } from '../src/jobs/app-jobs.js';
import { APP_SCHEDULES, RETENTION_DAYS } from '../src/jobs/kinds.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createSite } from './helpers/factories.js';

const DAY = 86_400_000;

describe.each(dbKinds())('retention of operational records on %s', (kind) => {
  let database: Database;
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  /** One row of each table made `daysAgo` days before the clock's now. */
  async function rowsMade(siteId: number, daysAgo: number) {
    const created_at = new Date(clock.now().getTime() - daysAgo * DAY);
    const db = database.db;
    await db.insert(loginAttempts).values({ site_id: siteId, ip: '192.0.2.1', succeeded: false, created_at });
    await db.insert(pageEvents).values({ site_id: siteId, path: `/members?age=${daysAgo}`, created_at });
    await db
      .insert(outbox)
      .values({ site_id: siteId, kind: 'reset', recipient: 'a@example.com', text: 'x', created_at });
    await db.insert(mail_feedback).values({ email: 'a@example.com', kind: 'bounce', provider: 'generic', created_at });
  }

  async function counts() {
    const db = database.db;
    return {
      login_attempts: (await db.select().from(loginAttempts)).length,
      page_events: (await db.select().from(pageEvents)).length,
      outbox: (await db.select().from(outbox)).length,
      mail_feedback: (await db.select().from(mail_feedback)).length,
    };
  }

  it('runs daily, and deletes each kind of record once it is past its period, never before', async () => {
    expect(APP_SCHEDULES).toContainEqual({ kind: 'purge_records', everySeconds: 24 * 3600 });
    const siteId = (await createSite(database.db, { is_default: true })).id;
    const config = loadConfig({ DATA_DIR: '/tmp/test-data', WEB_DIST: '/nonexistent' });
    const deps = buildAppDeps({ db: database.db, config, clock, log: () => undefined });
    const purge = () => appJobHandlers(deps).purge_records({}, {} as JobRow);

    // Rows just inside and just past each period.
    for (const days of Object.values(RETENTION_DAYS)) {
      await rowsMade(siteId, days - 1);
      await rowsMade(siteId, days + 1);
    }
    await rowsMade(siteId, 0);
    const before = await counts();
    await purge();
    const after = await counts();
    for (const [table, days] of Object.entries(RETENTION_DAYS) as [keyof typeof before, number][]) {
      // Of the rows made at each period's edges, those older than this table's period are gone.
      const periods = Object.values(RETENTION_DAYS);
      const older = periods.flatMap((d) => [d - 1, d + 1]).filter((age) => age > days).length;
      expect(after[table], table).toBe(before[table] - older);
    }

    // A year later everything made before is past every period.
    clock.advance(400 * 24 * 3600);
    await purge();
    expect(await counts()).toEqual({ login_attempts: 0, page_events: 0, outbox: 0, mail_feedback: 0 });
  });
});
