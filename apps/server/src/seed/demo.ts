/**
 * The demo seed: one company, the default site, members with photos and credit history, fictional
 * profiles and two fixed demo logins, on an empty database (PGlite or PostgreSQL 15+).
 */

import { hash } from '@node-rs/argon2';
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, creditLedger, photos, profiles, sites, staff, users } from '../db/schema.js';
import { type AvatarFiles, withOneThreadPerImage } from './avatar.js';
import { scheduleAvatars } from './avatar-schedule.js';
import { seedChat } from './chat.js';
import { DEMO_PASSWORD, type DemoLogin, planDemoLogins, seedDemoPayment } from './demo-logins.js';
import { seedDiscovery } from './discovery.js';
import { type MemberPlan, type ProfilePlan, planFictional, planMember } from './members.js';
import { seedMoney } from './money.js';
import { seedOperators } from './operators.js';
import { mulberry32 } from './random.js';
import { DEMO_COMPANY, demoSite } from './site.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per INSERT: ~25 columns x 500 stays far below PostgreSQL's 65535 parameters. */
const BATCH = 500;
/** Above this many members, photos share a pool of pictures instead of one set each. */
const LARGE_RUN = 5000;

/** The demo back-office admin's login (password DEMO_PASSWORD; README). */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/**
 * Seeds an EMPTY database (SPEC.md 3 entities; DECISIONS.md: fictional profiles, credits as a ledger).
 * Creates the company, the default site (domain localhost), `opts.members` accounts (at least the two
 * demo logins, which count as members) each with an active or disabled profile and 1-4 approved photos,
 * max(30, 6% of members) fictional profiles, and ledger rows that add up to every balance. Pictures are
 * written to `opts.photoDir`; runs above 5000 members re-use a pool of ~300 pictures.
 * Deterministic apart from photo file names and times, which are relative to now.
 * @returns the site id and the demo logins (password in clear text: demo data).
 * @throws on any database error (e.g. a non-empty database: unique domain) or unwritable photo folder.
 */
export async function seedDemo(
  db: Db,
  opts: { members: number; photoDir: string; autoApprovePhotos?: boolean; log?: (msg: string) => void },
): Promise<{ siteId: number; demoLogins: DemoLogin[] }> {
  const log = opts.log ?? (() => undefined);
  const now = new Date();
  const passwordHash = hash(DEMO_PASSWORD); // one hash for all: argon2 costs ~50 ms each, by design
  const site = demoSite(0);
  const siteId = await db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values(DEMO_COMPANY).returning({ id: companies.id });
    if (!company) throw new Error('company insert returned nothing');
    const [row] = await tx
      .insert(sites)
      .values({ ...site, company_id: company.id, auto_approve_photos: opts.autoApprovePhotos ?? true })
      .returning({ id: sites.id });
    if (!row) throw new Error('site insert returned nothing');
    return row.id;
  });

  const rand = mulberry32(20240601);
  const demo = planDemoLogins(now, site.signup_credits);
  const members: MemberPlan[] = demo.map((d) => d.plan);
  for (let i = members.length; i < opts.members; i++) members.push(planMember(rand, i, now, site.signup_credits));
  const fictional = Array.from({ length: Math.max(30, Math.round(opts.members * 0.06)) }, () =>
    planFictional(rand, now),
  );
  const all = [...members.map((m) => m.profile), ...fictional];
  log(`planned ${members.length} members and ${fictional.length} fictional profiles`);
  return withOneThreadPerImage(async () => {
    const files = await scheduleAvatars(all, opts.photoDir, opts.members > LARGE_RUN, log);

    const hashed = await passwordHash;
    const chunk = Math.max(50, Math.min(2000, Math.ceil(members.length / 10)));
    let nextLog = 10; // percent of members at which progress is logged next
    for (let start = 0; start < members.length; start += chunk) {
      const part = members.slice(start, start + chunk);
      const partFiles = await Promise.all(part.map((_, i) => files(start + i)));
      await db.transaction(async (tx) => {
        const userIds = await insertUsers(tx, siteId, part, hashed);
        const plans = part.map((m) => m.profile);
        await insertProfiles(tx, siteId, plans, userIds, partFiles);
        await insertLedger(tx, part, userIds);
      });
      const done = Math.min(members.length, start + chunk);
      const percent = Math.floor((done / members.length) * 100);
      if (percent >= nextLog || done === members.length) log(`members ${done}/${members.length} (${percent}%)`);
      if (percent >= nextLog) nextLog = percent - (percent % 10) + 10;
    }
    const fictionalFiles = await Promise.all(fictional.map((_, i) => files(members.length + i)));
    await db.transaction(async (tx) => {
      const noUsers = fictional.map(() => null);
      await insertProfiles(tx, siteId, fictional, noUsers, fictionalFiles);
    });
    log(`fictional profiles ${fictional.length}`);
    await seedDiscovery(db, siteId, log);
    await seedChat(db, siteId, log);
    await seedMoney(db, siteId);
    await seedDemoPayment(db, siteId);
    log("credit packages, discount codes and the premium demo login's payment");
    // The demo admin of the back office (/admin): enrols its second factor at the first login.
    await db
      .insert(staff)
      .values({ email: DEMO_ADMIN_EMAIL, name: 'Demo admin', role: 'admin', password_hash: hashed });
    log(`back-office admin ${DEMO_ADMIN_EMAIL}`);
    await seedOperators(db, siteId, hashed, log);
    return {
      siteId,
      demoLogins: [
        ...demo.map((d) => d.login),
        { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD, kind: 'back-office admin at /admin' },
      ],
    };
  });
}

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

async function insertUsers(tx: Tx, siteId: number, part: MemberPlan[], passwordHash: string): Promise<number[]> {
  const ids: number[] = [];
  for (const rows of batches(part)) {
    const values = rows.map((m) => ({ ...m.user, site_id: siteId, password_hash: passwordHash }));
    const returned = await tx.insert(users).values(values).returning({ id: users.id, email: users.email });
    // RETURNING follows VALUES order in PostgreSQL; checked rather than assumed, ids are matched by position.
    returned.forEach((r, i) => {
      if (r.email !== values[i]?.email) throw new Error('INSERT RETURNING order differs from VALUES order');
    });
    ids.push(...returned.map((r) => r.id));
  }
  return ids;
}

async function insertProfiles(
  tx: Tx,
  siteId: number,
  plans: ProfilePlan[],
  userIds: (number | null)[],
  files: AvatarFiles[][],
): Promise<void> {
  const profileIds: number[] = [];
  for (const [b, rows] of batches(plans).entries()) {
    const values = rows.map((p, i) => ({ ...p.values, site_id: siteId, user_id: userIds[b * BATCH + i] ?? null }));
    const returned = await tx.insert(profiles).values(values).returning({ id: profiles.id, name: profiles.name });
    returned.forEach((r, i) => {
      if (r.name !== values[i]?.name) throw new Error('INSERT RETURNING order differs from VALUES order');
    });
    profileIds.push(...returned.map((r) => r.id));
  }
  const photoRows = plans.flatMap((p, i) =>
    p.photos.map((ph, j) => {
      const f = files[i]?.[j];
      if (!f || profileIds[i] === undefined) throw new Error(`photo ${j} of profile ${i} missing`);
      return {
        ...f,
        profile_id: profileIds[i],
        status: 'approved',
        is_private: ph.is_private,
        position: ph.position,
        created_at: p.values.created_at ?? new Date(),
      };
    }),
  );
  for (const rows of batches(photoRows)) await tx.insert(photos).values(rows);
  if (profileIds.length === 0) return;
  // Main photo = the public photo at position 0, set in one statement for the whole chunk.
  await tx
    .update(profiles)
    .set({ main_photo_id: sql`${photos.id}` })
    .from(photos)
    .where(
      and(
        eq(photos.profile_id, profiles.id),
        eq(photos.position, 0),
        isNull(profiles.main_photo_id),
        gte(profiles.id, Math.min(...profileIds)),
        lte(profiles.id, Math.max(...profileIds)),
      ),
    );
}

async function insertLedger(tx: Tx, part: MemberPlan[], userIds: number[]): Promise<void> {
  const rows = part.flatMap((m, i) => {
    let balance = 0;
    return m.ledger.map((e) => {
      balance += e.delta;
      return {
        user_id: userIds[i] as number,
        delta: e.delta,
        balance_after: balance,
        reason: e.reason,
        created_at: e.created_at,
      };
    });
  });
  for (const b of batches(rows)) await tx.insert(creditLedger).values(b);
}
