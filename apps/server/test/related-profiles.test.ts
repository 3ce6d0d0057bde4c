import type { GenderFit } from '@app/contracts';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  ageRangeSql,
  genderFitSql,
  type ProfileRow,
  relatedProfiles,
  visibleProfilesSql,
} from '../src/db/repositories/profiles.js';
import { blocks, profiles } from '../src/db/schema.js';
import { mulberry32 } from '../src/seed/random.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';

/**
 * The rule of the related profiles as one statement sorting every match (what relatedProfiles did
 * before reading the nearest in age from an index, issue: throughput): the reference the fast read
 * must agree with, ties included.
 */
async function sortedReference(
  database: Database,
  profile: ProfileRow,
  limit: number,
  forViewer?: Parameters<typeof relatedProfiles>[3],
): Promise<number[]> {
  const who = forViewer
    ? [genderFitSql(forViewer.fit), ...ageRangeSql(forViewer.now, forViewer.minAge, forViewer.maxAge)]
    : [eq(profiles.gender, profile.gender)];
  const rows = await database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(...visibleProfilesSql(profile.site_id, forViewer?.profileId), ne(profiles.id, profile.id), ...who))
    .orderBy(
      sql`(${profiles.country} = ${profile.country}) desc`,
      sql`abs(${profiles.date_of_birth} - ${profile.date_of_birth}::date)`,
      desc(profiles.last_active_at),
      asc(profiles.id),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

describe.each(dbKinds())('related profiles of a profile view on %s', (kind) => {
  let database: Database;
  let siteId: number;
  const all: ProfileRow[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    siteId = (await createSite(database.db, { is_default: true })).id;
    const rand = mulberry32(77);
    // Few distinct birth dates and activity times, so ties in age and in activity are common.
    const births = ['1980-05-01', '1985-02-10', '1985-02-11', '1990-07-07', '1995-12-31', '2000-01-01'];
    const actives = [null, new Date('2026-11-01T10:00:00Z'), new Date('2026-11-20T10:00:00Z')];
    for (let i = 0; i < 90; i++) {
      all.push(
        await createProfile(database.db, siteId, {
          gender: rand() < 0.5 ? 'female' : 'male',
          country: rand() < 0.8 ? 'NL' : rand() < 0.5 ? 'BE' : 'DE',
          date_of_birth: births[Math.floor(rand() * births.length)] as string,
          last_active_at: actives[Math.floor(rand() * actives.length)] ?? null,
          status: rand() < 0.9 ? 'active' : 'disabled',
        }),
      );
    }
  });
  afterAll(async () => database?.close());

  it('gives the same profiles in the same order as sorting every match, for visitors', async () => {
    for (const profile of all.slice(0, 30)) {
      for (const limit of [1, 6, 40]) {
        const fast = await relatedProfiles(database.db, profile, limit);
        expect(fast.map((r) => r.profile.id)).toEqual(await sortedReference(database, profile, limit));
      }
    }
  });

  it('gives the same for a member, with their fit, ages and blocks, also when the country has too few', async () => {
    const viewer = await createMember(database.db, siteId, { profile: { gender: 'male', country: 'BE', age: 40 } });
    await database.db.insert(blocks).values({ blocker_profile_id: viewer.profile.id, blocked_profile_id: all[3]!.id });
    await database.db.insert(blocks).values({ blocker_profile_id: all[5]!.id, blocked_profile_id: viewer.profile.id });
    const forViewer = {
      profileId: viewer.profile.id,
      fit: [{ gender: 'female', sexualities: ['hetero', 'bi'] }] as GenderFit[],
      minAge: 25,
      maxAge: 50,
      now: new Date('2026-11-24T12:00:00Z'),
    };
    // Belgian profiles are few: the nearest in age come from the other countries after them.
    for (const profile of [...all.slice(0, 20), viewer.profile]) {
      const fast = await relatedProfiles(database.db, profile, 6, forViewer);
      const ids = fast.map((r) => r.profile.id);
      expect(ids).toEqual(await sortedReference(database, profile, 6, forViewer));
      expect(ids).not.toContain(all[3]!.id);
      expect(ids).not.toContain(all[5]!.id);
    }
  });
});
