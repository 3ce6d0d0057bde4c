/**
 * The back-office dashboard (issue: back office II): every figure equals the sum of the underlying
 * rows, computed here independently from the rows the test wrote, per site, per day and in total;
 * the same before and after the daily message rollup; scoped to the account's sites; the CSV of
 * each table holds the JSON's rows.
 */
import { DASHBOARD_TABLES, type Dashboard, type DashboardFigures, dashboardTable } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { messages, reports } from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { rollUpMessages } from '../src/services/dashboard/roll-up-messages.js';
import { minutesToRead, waitPercentiles } from '../src/services/dashboard/wait-percentiles.js';
import { dbKinds } from './helpers/database.js';
import { createPayment } from './helpers/discount-factories.js';
import { createConversation } from './helpers/discovery-factories.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import type { Browser } from './helpers/server.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

const FROM = '2025-03-01';
const TO = '2025-03-07';
/** Days written to: the period, and a day on each side of it. */
const DAYS = ['2025-02-28', ...Array.from({ length: 7 }, (_, i) => `2025-03-0${i + 1}`), '2025-03-08'];

/** A small deterministic random source, so a failure is repeatable. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return {
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/** What the test wrote, as plain records: the truth the dashboard is checked against. */
interface Written {
  users: { site: number; signup: Date; confirmed: Date | null }[];
  payments: {
    id: number;
    site: number;
    user: number;
    status: string;
    paidAt: Date | null;
    cents: number;
    refunded: number;
    currency: string;
  }[];
  messages: {
    site: number;
    at: Date;
    kind: 'member_to_member' | 'member_to_fictional' | 'operator_answers';
    waited: number | null;
  }[];
  waitingPhotos: number[];
  openReports: number[];
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const inPeriod = (d: Date | null, day?: string) =>
  d !== null && (day ? dayOf(d) === day : dayOf(d) >= FROM && dayOf(d) <= TO);

/** percentile_cont of PostgreSQL, rounded to 0.1 s as the dashboard shows it. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  const pos = p * (v.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const x = (v[lo] as number) + (pos - lo) * ((v[hi] as number) - (v[lo] as number));
  return Math.round(x * 10) / 10;
}

/** The figures of `w`'s rows of the sites `sites`, over the period or on one `day`. */
function expected(
  w: Written,
  sites: number[],
  day?: string,
): Omit<DashboardFigures, 'pending_photos' | 'open_reports'> {
  const users = w.users.filter((u) => sites.includes(u.site));
  const paid = w.payments.filter((p) => sites.includes(p.site) && p.status === 'paid');
  const paidIn = paid.filter((p) => inPeriod(p.paidAt, day));
  const msgs = w.messages.filter((m) => sites.includes(m.site) && inPeriod(m.at, day));
  const isFirst = (p: (typeof paid)[number]) =>
    !w.payments.some(
      (q) =>
        q.user === p.user &&
        q.status === 'paid' &&
        ((q.paidAt as Date) < (p.paidAt as Date) || (+(q.paidAt as Date) === +(p.paidAt as Date) && q.id < p.id)),
    );
  const currencies = [...new Set(paidIn.map((p) => p.currency))].sort();
  const waits = msgs.filter((m) => m.waited !== null).map((m) => m.waited as number);
  return {
    signups: users.filter((u) => inPeriod(u.signup, day)).length,
    activations: users.filter((u) => inPeriod(u.confirmed, day)).length,
    first_purchases: paidIn.filter(isFirst).length,
    paying_members: new Set(paidIn.map((p) => p.user)).size,
    member_to_member: msgs.filter((m) => m.kind === 'member_to_member').length,
    member_to_fictional: msgs.filter((m) => m.kind === 'member_to_fictional').length,
    operator_answers: msgs.filter((m) => m.kind === 'operator_answers').length,
    timed_answers: waits.length,
    median_response_seconds: percentile(waits, 0.5),
    p95_response_seconds: percentile(waits, 0.95),
    revenue: currencies.map((currency) => {
      const of = paidIn.filter((p) => p.currency === currency);
      const gross = of.reduce((s, p) => s + p.cents, 0);
      const refunded = of.reduce((s, p) => s + p.refunded, 0);
      return {
        currency,
        payments: of.length,
        gross_cents: gross,
        refunded_cents: refunded,
        net_cents: gross - refunded,
      };
    }),
  };
}

/** A time on `day` at a random second. */
function timeOn(r: ReturnType<typeof random>, day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + r.int(86_400) * 1000);
}

/** Writes members, payments, conversations, messages, photos and reports on `siteId`. */
async function fill(server: TestServer, siteId: number, operatorId: number, seed: number, w: Written) {
  const db = server.database.db;
  const r = random(seed);
  const packageId = (await seedMoney(db, siteId))[0] as number;
  const members = [];
  for (let i = 0; i < 10; i++) {
    const signup = timeOn(r, r.pick(DAYS));
    const confirmed = r.chance(0.6) ? new Date(signup.getTime() + r.int(48 * 3600) * 1000) : null;
    const m = await createMember(db, siteId, {
      user: { signup_date: signup, confirmed_at: confirmed, status: confirmed ? 'confirmed' : 'not_confirmed' },
    });
    w.users.push({ site: siteId, signup, confirmed });
    members.push(m);
    for (let k = r.int(4); k > 0; k--) {
      const status = r.pick(['paid', 'paid', 'paid', 'failed', 'canceled'] as const);
      const at = timeOn(r, r.pick(DAYS));
      const cents = 995 + r.int(5000);
      const refunded = status === 'paid' && r.chance(0.25) ? r.pick([cents, 500]) : 0;
      const currency = r.chance(0.2) ? 'USD' : 'EUR';
      const p = await createPayment(db, {
        siteId,
        userId: m.user.id,
        packageId,
        status,
        created_at: at,
        paid_at: status === 'paid' ? at : null,
        amount_cents: cents,
        refunded_cents: refunded,
        currency,
      });
      w.payments.push({
        id: p.id,
        site: siteId,
        user: m.user.id,
        status,
        paidAt: p.paid_at,
        cents,
        refunded,
        currency,
      });
    }
  }
  const fictional = [
    await createProfile(db, siteId, { is_fictional: true }),
    await createProfile(db, siteId, { is_fictional: true }),
  ];
  const realPairs = [];
  for (let i = 0; i < 4; i++) {
    const [a, b] = [members[i * 2]!.profile.id, members[i * 2 + 1]!.profile.id];
    realPairs.push({ id: (await createConversation(db, siteId, a, b)).id, a, b });
  }
  const fictionalPairs = [];
  for (let i = 0; i < 5; i++) {
    const [member, fict] = [members[i]!.profile.id, fictional[i % 2]!.id];
    fictionalPairs.push({ id: (await createConversation(db, siteId, member, fict)).id, member, fict });
  }
  const rows: (typeof messages.$inferInsert)[] = [];
  for (let i = 0; i < 70; i++) {
    const at = timeOn(r, r.pick(DAYS));
    if (r.chance(0.35)) {
      const c = r.pick(realPairs);
      rows.push({ conversation_id: c.id, sender_profile_id: r.chance(0.5) ? c.a : c.b, body: 'hi', created_at: at });
      w.messages.push({ site: siteId, at, kind: 'member_to_member', waited: null });
      continue;
    }
    const c = r.pick(fictionalPairs);
    if (r.chance(0.5)) {
      rows.push({ conversation_id: c.id, sender_profile_id: c.member, body: 'hello', created_at: at });
      w.messages.push({ site: siteId, at, kind: 'member_to_fictional', waited: null });
      continue;
    }
    const waited = r.chance(0.85) ? r.int(7200) : null;
    rows.push({
      conversation_id: c.id,
      sender_profile_id: c.fict,
      body: 'hey',
      created_at: at,
      staff_id: operatorId,
      waited_seconds: waited,
    });
    w.messages.push({ site: siteId, at, kind: 'operator_answers', waited });
  }
  await db.insert(messages).values(rows);
  for (let i = 0; i < 5; i++) {
    const status = r.pick(['awaiting_approval', 'approved', 'rejected'] as const);
    await createPhoto(db, members[i]!.profile.id, { status });
    if (status === 'awaiting_approval') w.waitingPhotos.push(siteId);
  }
  for (let i = 0; i < 4; i++) {
    const status = r.pick(['open', 'handled'] as const);
    await db.insert(reports).values({
      site_id: siteId,
      reporter_user_id: members[i]!.user.id,
      reported_profile_id: members[i + 1]!.profile.id,
      reason: 'spam',
      status,
    });
    if (status === 'open') w.openReports.push(siteId);
  }
}

/** Checks a dashboard answer of the sites `siteIds` (the daily series: of `seriesSites`) against `w`. */
function checkAgainst(d: Dashboard, w: Written, siteIds: number[], seriesSites: number[]) {
  expect(d.sites.map((s) => s.site_id)).toEqual(siteIds);
  for (const s of d.sites) {
    expect(
      {
        ...s,
        pending_photos: undefined,
        open_reports: undefined,
        site_id: undefined,
        domain: undefined,
        name: undefined,
      },
      `site ${s.site_id}`,
    ).toEqual({
      ...expected(w, [s.site_id]),
      pending_photos: undefined,
      open_reports: undefined,
      site_id: undefined,
      domain: undefined,
      name: undefined,
    });
    expect(s.pending_photos).toBe(w.waitingPhotos.filter((x) => x === s.site_id).length);
    expect(s.open_reports).toBe(w.openReports.filter((x) => x === s.site_id).length);
  }
  const { pending_photos, open_reports, ...total } = d.total;
  expect(total, 'total').toEqual(expected(w, siteIds));
  expect(pending_photos).toBe(w.waitingPhotos.filter((x) => siteIds.includes(x)).length);
  expect(open_reports).toBe(w.openReports.filter((x) => siteIds.includes(x)).length);
  expect(d.days.map((x) => x.day)).toEqual(DAYS.slice(1, 8));
  for (const { day, ...figures } of d.days) expect(figures, day).toEqual(expected(w, seriesSites, day));
}

/** The cells of a CSV text (RFC 4180 quoting), numbers as numbers, empty as null. */
function parseCsv(text: string): (string | number | null)[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [])
        .filter((_, i, all) => i < all.length - 1 || all[i] !== '')
        .map((cell) => {
          const raw = cell.replace(/,$/, '');
          if (raw === '') return null;
          if (raw.startsWith('"')) return raw.slice(1, -1).replaceAll('""', '"');
          return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
        }),
    );
}

/** percentile_cont of the raw operator answers in PostgreSQL, per site, per day and in total, rounded as shown. */
async function rawWaits(server: TestServer, siteIds: number[]) {
  const ids = sql.join(
    siteIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await server.database.db.execute(sql`
    select c.site_id, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as answers,
      percentile_cont(0.5) within group (order by m.waited_seconds) as median,
      percentile_cont(0.95) within group (order by m.waited_seconds) as p95
    from messages m join conversations c on c.id = m.conversation_id
    where m.waited_seconds is not null and c.site_id in (${ids})
      and m.created_at >= ${`${FROM}T00:00:00Z`}::timestamptz and m.created_at < ${`${TO}T00:00:00Z`}::timestamptz + interval '1 day'
    group by grouping sets ((c.site_id), (2), ())`);
  return (
    result as unknown as {
      rows: { site_id: number | null; day: string | null; answers: number; median: number; p95: number }[];
    }
  ).rows;
}

/** The dashboard's wait figures equal percentile_cont over the raw rows, per site, per day and in total. */
async function checkWaitsAgainstSql(server: TestServer, d: Dashboard, siteIds: number[]) {
  const raw = await rawWaits(server, siteIds);
  const figures = (f: DashboardFigures | Dashboard['days'][number]) => [
    f.timed_answers,
    f.median_response_seconds,
    f.p95_response_seconds,
  ];
  // Shown to a tenth of a second, as the presenter rounds.
  const tenths = (x: number) => Math.round(Number(x) * 10) / 10;
  const of = (r: (typeof raw)[number] | undefined) =>
    r ? [r.answers, tenths(r.median), tenths(r.p95)] : [0, null, null];
  for (const s of d.sites)
    expect(figures(s), `site ${s.site_id}`).toEqual(of(raw.find((r) => r.site_id === s.site_id)));
  expect(figures(d.total), 'total').toEqual(of(raw.find((r) => r.site_id === null && r.day === null)));
  for (const day of d.days) expect(figures(day), day.day).toEqual(of(raw.find((r) => r.day === day.day)));
  expect(d.total.timed_answers).toBeGreaterThan(0);
}

describe('wait percentiles from the minute and second histograms', () => {
  it('equal percentile_cont over the answers, reading only the minutes of the ranks', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = random(seed);
      // Dense waits (many answers in a minute, many in a second), rolled-up and live, on three sites.
      const answers = Array.from({ length: 200 + r.int(400) }, () => ({
        site_id: 1 + r.int(3),
        day: r.pick(['2025-03-01', '2025-03-02', '2025-03-03']),
        waited_seconds: r.chance(0.8) ? r.int(240) : r.int(5000),
      }));
      const rolled = answers.filter((a) => a.day < '2025-03-03');
      const live = answers.filter((a) => a.day === '2025-03-03');
      const count = <T>(list: T[], key: (x: T) => string) => {
        const counts = new Map<string, number>();
        for (const x of list) counts.set(key(x), (counts.get(key(x)) ?? 0) + 1);
        return [...counts].map(([k, n]) => [...k.split(':').map(Number), n] as number[]);
      };
      const sources = {
        rolledMinutes: count(rolled, (a) => `${a.site_id}:${Math.floor(a.waited_seconds / 60)}`).map(
          ([site_id, waited_minutes, n]) => ({ site_id: site_id!, waited_minutes: waited_minutes!, answers: n! }),
        ),
        rolledDaily: [],
        rolledPerDay: [],
        live: count(live, (a) => `${a.site_id}:${a.waited_seconds}`).map(([site_id, waited_seconds, n]) => ({
          site_id: site_id!,
          day: '2025-03-03',
          waited_seconds: waited_seconds!,
          answers: n!,
        })),
      };
      const wanted = minutesToRead(sources);
      const seconds = count(
        rolled.filter((a) =>
          wanted.some((m) => m.site_id === a.site_id && m.waited_minutes === Math.floor(a.waited_seconds / 60)),
        ),
        (a) => `${a.site_id}:${a.waited_seconds}`,
      ).map(([site_id, waited_seconds, n]) => ({ site_id: site_id!, waited_seconds: waited_seconds!, answers: n! }));
      expect(seconds.length).toBeLessThan(count(rolled, (a) => `${a.site_id}:${a.waited_seconds}`).length);
      const rows = waitPercentiles(sources, seconds);
      for (const site of [1, 2, 3, null]) {
        const waits = answers.filter((a) => site === null || a.site_id === site).map((a) => a.waited_seconds);
        const row = rows.find((x) => x.site_id === site && x.day === null);
        const exact = (p: number) => {
          const v = [...waits].sort((a, b) => a - b);
          const pos = p * (v.length - 1);
          const lo = Math.floor(pos);
          return v[lo]! + (pos - lo) * (v[Math.ceil(pos)]! - v[lo]!);
        };
        expect([row?.answers, row?.median_seconds, row?.p95_seconds], `seed ${seed} site ${site}`).toEqual([
          waits.length,
          exact(0.5),
          exact(0.95),
        ]);
      }
    }
  });
});

describe.each(dbKinds())('back-office dashboard on %s', (kind) => {
  let server: TestServer;
  let admin: Browser;
  const sites: number[] = [];
  const w: Written = { users: [], payments: [], messages: [], waitingPhotos: [], openReports: [] };
  const query = (extra = '') => `/api/admin/dashboard.php?from=${FROM}&to=${TO}${extra}`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    const operator = await createStaff(db, 'operator', null);
    for (const [i, seed] of [11, 29].entries()) {
      const site = await createSite(db, { is_default: i === 0 });
      sites.push(site.id);
      await fill(server, site.id, operator.id, seed, w);
    }
    admin = await loginStaff(server.url, await createStaff(db, 'admin', null));
  }, 120_000);
  afterAll(() => server?.close());

  it('answers every figure as the sum of the underlying rows, per site, per day and in total', async () => {
    const res = await admin.get(query());
    expect(res.status).toBe(200);
    expect(res.json.time_zone).toBe('UTC');
    expect(res.json.site_id).toBeNull();
    checkAgainst(res.json, w, sites, sites);
    // The data are not trivial: each kind of figure has something to count.
    expect(res.json.total.first_purchases).toBeGreaterThan(0);
    expect(res.json.total.operator_answers).toBeGreaterThan(0);
    expect(res.json.total.revenue.some((r: { refunded_cents: number }) => r.refunded_cents > 0)).toBe(true);
  });

  it('answers one site with its own daily series', async () => {
    const res = await admin.get(query(`&site_id=${sites[1]}`));
    expect(res.status).toBe(200);
    expect(res.json.site_id).toBe(sites[1]);
    checkAgainst(res.json, w, [sites[1]!], [sites[1]!]);
  });

  it('answers the same figures after the daily rollup of messages', async () => {
    const clock = new ManualClock(new Date('2025-03-06T12:00:00Z'));
    const rolled = await rollUpMessages({ db: server.database.db, clock });
    expect(rolled).toEqual(DAYS.slice(0, 6)); // up to yesterday; today stays live
    expect(await rollUpMessages({ db: server.database.db, clock })).toEqual([]);
    const mixed = (await admin.get(query())).json;
    checkAgainst(mixed, w, sites, sites);
    // Rolled-up days (03-01 to 03-05) merged with live ones (03-06, 03-07): percentiles as PostgreSQL's.
    await checkWaitsAgainstSql(server, mixed, sites);
    await checkWaitsAgainstSql(server, (await admin.get(query(`&site_id=${sites[0]}`))).json, [sites[0]!]);
    clock.set(new Date('2025-03-09T00:05:00Z')); // within the grace minutes: 03-08 is not over yet
    expect(await rollUpMessages({ db: server.database.db, clock })).toEqual(['2025-03-06', '2025-03-07']);
    const after = (await admin.get(query())).json;
    checkAgainst(after, w, sites, sites);
    await checkWaitsAgainstSql(server, after, sites);
  });

  it('exports each table as CSV with the rows of the JSON', async () => {
    const json = (await admin.get(query())).json as Dashboard;
    for (const table of DASHBOARD_TABLES) {
      const res = await admin.get(`/api/admin/dashboard-csv.php?table=${table}&from=${FROM}&to=${TO}`);
      expect(res.status, table).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="dashboard-${table}-all-sites-${FROM}-${TO}.csv"`,
      );
      const data = dashboardTable(json, table);
      const [header, ...rows] = parseCsv(res.json as string);
      expect(header, table).toEqual(data.columns);
      expect(rows, table).toEqual(data.rows);
    }
  });

  it('keeps an admin of some sites to them, and refuses other roles and bad periods', async () => {
    const db = server.database.db;
    const scoped = await loginStaff(server.url, await createStaff(db, 'admin', [sites[0]!]));
    const own = await scoped.get(query());
    expect(own.status).toBe(200);
    checkAgainst(own.json, w, [sites[0]!], [sites[0]!]);
    expect((await scoped.get(query(`&site_id=${sites[1]}`))).json.error).toBe('not_found');
    expect((await scoped.get(`/api/admin/dashboard-csv.php?table=member_days&site_id=${sites[1]}`)).status).toBe(404);
    expect((await admin.get(query('&site_id=999999'))).status).toBe(404);
    for (const role of ['moderator', 'support', 'operator'] as const) {
      const b = await loginStaff(server.url, await createStaff(db, role, null));
      expect((await b.get(query())).json.error, role).toBe('forbidden');
    }
    expect((await admin.get('/api/admin/dashboard.php?from=2025-03-07&to=2025-03-01')).status).toBe(400);
    expect((await admin.get('/api/admin/dashboard.php?from=2022-01-01&to=2025-03-01')).status).toBe(400);
    expect((await admin.get('/api/admin/dashboard-csv.php?table=nope')).status).toBe(400);
    expect((await admin.get('/api/admin/dashboard.php?from=0000-01-01&to=0000-01-10')).status).toBe(400);
    expect((await admin.get('/api/admin/dashboard.php?from=2025-02-29')).status).toBe(400);
  });

  it('answers the last 30 UTC days by default', async () => {
    const res = await admin.get('/api/admin/dashboard.php');
    expect(res.status).toBe(200);
    expect(res.json.days).toHaveLength(30);
    expect(res.json.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('computes the daily percentiles of some of the sites from the rolled-up histogram', async () => {
    // Last: a third site makes the two of `sites` a part of all sites, whose daily figures are not stored.
    const db = server.database.db;
    await createSite(db, { is_default: false });
    const two = await loginStaff(server.url, await createStaff(db, 'admin', sites));
    const res = await two.get(query());
    expect(res.status).toBe(200);
    checkAgainst(res.json, w, sites, sites);
    await checkWaitsAgainstSql(server, res.json, sites);
  });
});
