import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertLikes } from '../db/repositories/likes.js';
import { insertMatches } from '../db/repositories/matches.js';
import { type likes, profiles, users } from '../db/schema.js';
import { soughtGenders } from '../services/discovery/discovery-access.js';
import { mulberry32, pickMany, randInt } from './random.js';

const DAY = 86_400_000;
/** The free demo login (README) that gets new likes and a match to show. */
const DEMO_EMAIL = 'demo@example.com';

type Person = { id: number; gender: string; sexuality: string; fictional: boolean; email: string | null };
type LikeInsert = typeof likes.$inferInsert;

/**
 * Demo likes and matches (SPEC.md 3, 4): every active member likes 0-4 members they could look for,
 * mutual likes become (seen) matches. demo@example.com gets three new likes from real members, two
 * system-made likes from fictional profiles (source auto, DECISIONS.md) and one match. No blocks.
 * Deterministic for a given set of profiles; batch inserts keep it fast at 100,000 members.
 */
export async function seedDiscovery(db: Db, siteId: number, log: (msg: string) => void): Promise<void> {
  const rand = mulberry32(424242);
  const now = Date.now();
  const people: Person[] = (
    await db
      .select({
        id: profiles.id,
        gender: profiles.gender,
        sexuality: profiles.sexuality,
        fictional: profiles.is_fictional,
        email: users.email,
      })
      .from(profiles)
      .leftJoin(users, eq(users.id, profiles.user_id))
      .where(and(eq(profiles.site_id, siteId), eq(profiles.status, 'active')))
      .orderBy(profiles.id)
  ).map((p) => ({ ...p, email: p.email ?? null }));
  const real = people.filter((p) => !p.fictional && p.email !== null);
  const byGender = { male: real.filter((p) => p.gender === 'male'), female: real.filter((p) => p.gender === 'female') };
  const demo = real.find((p) => p.email === DEMO_EMAIL);
  const rows = new Map<string, LikeInsert>();
  const add = (liker: number, liked: number, o: Partial<LikeInsert> = {}) => {
    if (liker === liked) return;
    rows.set(`${liker}:${liked}`, {
      site_id: siteId,
      liker_profile_id: liker,
      liked_profile_id: liked,
      is_new: rand() < 0.4,
      source: 'member',
      created_at: new Date(now - rand() * 30 * DAY),
      ...o,
    });
  };

  // One pool per combination of sought genders, built once: copying a pool per member made large
  // seeds (100,000 members) quadratic.
  const pools = new Map<string, Person[]>();
  const poolFor = (p: Person): Person[] => {
    const genders = soughtGenders(p);
    const key = genders.join(',');
    let pool = pools.get(key);
    if (!pool) {
      pool = genders.flatMap((g) => byGender[g]);
      pools.set(key, pool);
    }
    return pool;
  };
  for (const p of real) {
    if (p === demo) continue;
    const pool = poolFor(p);
    for (const target of pickMany(rand, pool, randInt(rand, 0, 4))) {
      if (target !== demo) add(p.id, target.id);
    }
  }
  if (demo) seedDemoLikes(demo, byGender.female, people, rand, now, add);

  const all = [...rows.values()];
  await insertLikes(db, all);
  const matchRows = all
    .filter((l) => l.liker_profile_id < l.liked_profile_id && rows.has(`${l.liked_profile_id}:${l.liker_profile_id}`))
    .map((l) => ({
      site_id: siteId,
      profile_a: l.liker_profile_id,
      profile_b: l.liked_profile_id,
      seen_by_a: true,
      seen_by_b: true,
      created_at: l.created_at,
    }));
  await insertMatches(db, matchRows);
  log(`likes ${all.length}, matches ${matchRows.length}`);
}

/** demo@example.com: three new likes from real women, two auto likes from fictional profiles, one match. */
function seedDemoLikes(
  demo: Person,
  women: Person[],
  people: Person[],
  rand: () => number,
  now: number,
  add: (liker: number, liked: number, o?: Partial<LikeInsert>) => void,
): void {
  const candidates = women.filter((w) => w.sexuality !== 'lesbian');
  const [match, ...likers] = pickMany(rand, candidates, 4);
  for (const [i, w] of likers.entries()) {
    add(w.id, demo.id, { is_new: true, created_at: new Date(now - (i + 1) * 3_600_000) });
  }
  const fictional = people.filter((p) => p.fictional && p.gender === 'female').slice(0, 2);
  for (const [i, f] of fictional.entries()) {
    add(f.id, demo.id, { is_new: true, source: 'auto', created_at: new Date(now - (i + 4) * 3_600_000) });
  }
  if (match) {
    add(match.id, demo.id, { is_new: false, created_at: new Date(now - 3 * DAY) });
    add(demo.id, match.id, { is_new: false, created_at: new Date(now - 2 * DAY) });
  }
}
