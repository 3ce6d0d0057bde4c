import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { creditLedger, payments, users } from '../src/db/schema.js';
import { seedDemo } from '../src/seed/demo.js';
import { balanceAndLedger } from './helpers/chat-factories.js';
import { openTestDatabase } from './helpers/database.js';

describe('money: the premium demo login has a real paid payment', () => {
  let database: Database;
  let photoDir: string;

  beforeAll(async () => {
    photoDir = await mkdtemp(path.join(os.tmpdir(), 'seed-money-'));
    database = await openTestDatabase('pglite');
    await seedDemo(database.db, { members: 2, photoDir });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await rm(photoDir, { recursive: true, force: true });
  });

  it('pays the 150-credit package by iDEAL, referenced by its purchase ledger row; the balance stays 250', async () => {
    const db = database.db;
    const [premium] = await db.select().from(users).where(eq(users.email, 'premium@example.com'));
    const rows = await db.select().from(payments).where(eq(payments.user_id, premium!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'paid',
      credits: 150,
      amount_cents: 1995,
      method: 'ideal',
      provider: 'test',
    });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.user_id, premium!.id));
    expect(ledger.filter((r) => r.reason === 'purchase').map((r) => [r.delta, r.reference])).toEqual([
      [150, `payment:${rows[0]!.id}`],
    ]);
    expect(premium).toMatchObject({ credits: 250, paid_user: true });
    expect(await balanceAndLedger(db, premium!.id)).toEqual({ credits: 250, ledger: 250 });
  });
});
