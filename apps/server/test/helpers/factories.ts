import { ALL_LOCALES, PROFILE_FIELDS, SEARCH_FIELDS } from '@app/contracts';
import { hash } from '@node-rs/argon2';
import type { Db } from '../../src/db/client.js';
import { companies, photos, profiles, sites, users } from '../../src/db/schema.js';

type SiteInsert = typeof sites.$inferInsert;
type ProfileInsert = typeof profiles.$inferInsert;
type UserInsert = typeof users.$inferInsert;

let counter = 0;
const next = () => ++counter;
let passwordHash: Promise<string> | undefined;

/** The password of every member a factory makes. */
export const TEST_PASSWORD = 'correct horse battery';

/** A company and a site; the first site made in a database is the default one. */
export async function createSite(db: Db, overrides: Partial<SiteInsert> = {}) {
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Test B.V.',
      address: 'Teststraat 1',
      kvk: '12345678',
      city: 'Utrecht',
      country: 'NL',
      support_phone: '030-123 45 67',
      added: '2024-01-01',
    })
    .returning();
  const n = next();
  const [site] = await db
    .insert(sites)
    .values({
      domain: `site${n}.test`,
      company_id: company!.id,
      name: `Site ${n}`,
      index_title: 'Find love',
      description: 'A test site',
      countries: ['NL', 'BE', 'DE', 'AT'],
      support_phone: '030-123 45 67',
      support_email: 'support@example.com',
      fictional_icon: '🎭',
      fictional_warning: 'Dit profiel is fictief; fysiek contact is niet mogelijk.',
      fictional_singular: 'fictief profiel',
      fictional_plural: 'fictieve profielen',
      visible_profile_fields: [...PROFILE_FIELDS],
      search_fields: [...SEARCH_FIELDS],
      message_credits: 10,
      photo_credits: 15,
      gift_credits: 25,
      signup_credits: 20,
      message_length: 1000,
      mail_name: 'Test',
      languages: [...ALL_LOCALES],
      ...overrides,
    })
    .returning();
  return site!;
}

/** A profile (fictional when no user is given). Ages become a date of birth. */
export async function createProfile(db: Db, siteId: number, overrides: Partial<ProfileInsert> & { age?: number } = {}) {
  const { age = 30, ...rest } = overrides;
  const dob = new Date();
  dob.setUTCFullYear(dob.getUTCFullYear() - age);
  dob.setUTCMonth(0, 1);
  const [profile] = await db
    .insert(profiles)
    .values({
      site_id: siteId,
      name: `Member${next()}`,
      status: 'active',
      gender: 'female',
      date_of_birth: dob.toISOString().slice(0, 10),
      country: 'NL',
      region: 'NL-NH',
      city: 'Amsterdam',
      ...rest,
    })
    .returning();
  return profile!;
}

/** A member: an account with the test password and an active profile. */
export async function createMember(
  db: Db,
  siteId: number,
  opts: { user?: Partial<UserInsert>; profile?: Partial<ProfileInsert> & { age?: number } } = {},
) {
  passwordHash ??= hash(TEST_PASSWORD);
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      site_id: siteId,
      email: `member${n}@example.com`,
      password_hash: await passwordHash,
      status: 'confirmed',
      ...opts.user,
    })
    .returning();
  const profile = await createProfile(db, siteId, { user_id: user!.id, ...opts.profile });
  return { user: user!, profile, email: user!.email, password: TEST_PASSWORD };
}

/** A photo row for a profile (files are not needed for API tests). */
export async function createPhoto(db: Db, profileId: number, overrides: Partial<typeof photos.$inferInsert> = {}) {
  const n = next();
  const [photo] = await db
    .insert(photos)
    .values({
      profile_id: profileId,
      filename: `f${n}.jpg`,
      match_filename: `m${n}.jpg`,
      thumb_filename: `t${n}.jpg`,
      status: 'approved',
      ...overrides,
    })
    .returning();
  return photo!;
}
