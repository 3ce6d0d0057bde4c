import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_LOCALES, ageOn } from '@app/contracts';
import { verify } from '@node-rs/argon2';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { creditLedger, fictionalPersonas, gifts, photos, profiles, sites, staff, users } from '../src/db/schema.js';
import { seedDemo } from '../src/seed/demo.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';

describe.each(dbKinds())('demo seed on %s', (kind) => {
  let database: Database;
  let photoDir: string;
  let seeded: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    photoDir = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
    database = await openTestDatabase(kind);
    seeded = await seedDemo(database.db, { members: 60, photoDir });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await rm(photoDir, { recursive: true, force: true });
  });

  it('creates one default site on localhost with 60 members', async () => {
    const rows = await database.db.select().from(sites);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: seeded.siteId, domain: 'localhost', is_default: true, signup_credits: 20 });
    expect(await database.db.$count(users)).toBe(60);
  });

  it('creates at least 30 fictional profiles, none with an account', async () => {
    const fictional = await database.db.select().from(profiles).where(eq(profiles.is_fictional, true));
    expect(fictional.length).toBeGreaterThanOrEqual(30);
    expect(fictional.every((p) => p.user_id === null && p.status === 'active')).toBe(true);
  });

  it('gives every profile an approved public main photo stored in three sizes', async () => {
    const rows = await database.db
      .select({ profile: profiles.id, photo: photos })
      .from(profiles)
      .leftJoin(photos, eq(photos.id, profiles.main_photo_id));
    expect(rows.length).toBeGreaterThanOrEqual(90);
    for (const { photo } of rows) {
      expect(photo).toMatchObject({ status: 'approved', is_private: false, position: 0 });
      for (const file of [photo?.filename, photo?.match_filename, photo?.thumb_filename]) {
        expect((await stat(path.join(photoDir, file as string))).size).toBeGreaterThan(1000);
      }
    }
    const first = rows[0]?.photo;
    const sizes = await Promise.all(
      [first?.filename, first?.match_filename, first?.thumb_filename].map(
        async (f) => (await sharp(path.join(photoDir, f as string)).metadata()).width,
      ),
    );
    expect(sizes).toEqual([800, 400, 120]);
  });

  it('keeps ages within 18..75 and countries within NL, BE, DE and AT', async () => {
    const rows = await database.db.select().from(profiles);
    for (const p of rows) {
      expect(ageOn(p.date_of_birth)).toBeGreaterThanOrEqual(18);
      expect(ageOn(p.date_of_birth)).toBeLessThanOrEqual(75);
      expect(['NL', 'BE', 'DE', 'AT']).toContain(p.country);
      expect(p.region?.startsWith(`${p.country}-`)).toBe(true);
    }
  });

  it('explains every balance with ledger rows whose balance_after runs consistently', async () => {
    const members = await database.db.select({ id: users.id, credits: users.credits }).from(users);
    const ledger = await database.db.select().from(creditLedger).orderBy(asc(creditLedger.id));
    for (const member of members) {
      const rows = ledger.filter((r) => r.user_id === member.id);
      expect(rows.length).toBeGreaterThan(0);
      let balance = 0;
      for (const row of rows) {
        balance += row.delta;
        expect(row.balance_after).toBe(balance);
      }
      expect(balance).toBe(member.credits);
    }
  });

  it('stores the demo logins with an argon2id hash of demo1234', async () => {
    expect(seeded.demoLogins.map((l) => l.email)).toEqual([
      'demo@example.com',
      'premium@example.com',
      'admin@example.com',
    ]);
    const [demo] = await database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(demo).toMatchObject({ status: 'confirmed', credits: 20, paid_user: false });
    expect(demo?.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(demo?.password_hash as string, 'demo1234')).toBe(true);
    const [premium] = await database.db.select().from(users).where(eq(users.email, 'premium@example.com'));
    expect(premium).toMatchObject({ credits: 250, paid_user: true });
    const [profile] = await database.db
      .select()
      .from(profiles)
      .where(eq(profiles.user_id, demo?.id as number));
    expect(profile).toMatchObject({ city: 'Amsterdam', gender: 'male', sexuality: 'hetero', status: 'active' });
  });

  it('names every gift in all eleven languages and writes the persona notes in English for the English back office', async () => {
    const rows = await database.db.select().from(gifts).where(eq(gifts.site_id, seeded.siteId));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const gift of rows) {
      expect(Object.keys(gift.names).sort()).toEqual([...ALL_LOCALES]);
      expect(gift.names.nl).toBe(gift.name);
    }
    expect(rows.find((g) => g.name === 'Rode roos')?.names).toMatchObject({ de: 'Rote Rose', fr: 'Rose rouge' });
    const notes = await database.db.select().from(fictionalPersonas);
    expect(notes.length).toBeGreaterThanOrEqual(30);
    for (const { persona_note } of notes) expect(persona_note).toMatch(/Writes warmly and briefly/);
    const staffRows = await database.db.select({ language: staff.language }).from(staff);
    expect(staffRows.map((r) => r.language)).toEqual(staffRows.map(() => 'en'));
  });
});
