/**
 * The back office's reads and writes of fictional profiles (issue: back office II): the profile row
 * (is_fictional, no user) and its persona in `fictional_personas`, which only staff calls read.
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { conversations, fictionalPersonas, photos, profiles, sites, staff } from '../schema.js';
import type { DbOrTx } from './photos.js';
import type { ProfileRow } from './profiles.js';

export type PersonaRow = typeof fictionalPersonas.$inferSelect;
/** Columns of a new profile row staff set (site, fields, status, place). */
export type FictionalProfileValues = Omit<
  typeof profiles.$inferInsert,
  'id' | 'user_id' | 'is_fictional' | 'main_photo_id' | 'last_active_at' | 'created_at'
>;
/** Columns of a fictional profile staff may change. */
export type FictionalProfileChanges = Partial<Omit<FictionalProfileValues, 'site_id'>>;

/** A fictional profile in the back-office list. */
export interface FictionalListRow {
  id: number;
  site_id: number;
  site_name: string;
  cdn_prefix: string;
  name: string;
  status: string;
  gender: string;
  date_of_birth: string;
  country: string;
  city: string | null;
  niches: number[];
  thumb_filename: string | null;
  photo_count: number;
  conversations: number;
  waiting_conversations: number;
  created_at: Date;
}

/** A fictional profile with its persona (null when none was ever written) and its creator's name. */
export interface FictionalRecord {
  profile: ProfileRow;
  persona: PersonaRow | null;
  createdBy: string | null;
}

/** `value` as an ILIKE pattern that matches it anywhere, its wildcards taken literally. */
function containsPattern(value: string): string {
  return `%${value.replace(/[%_\\]/g, '\\$&')}%`;
}

/** Conversations of the profile row, and those waiting for an operator's answer. */
const conversationCount = sql<number>`(select count(*)::int from ${conversations} c
  where c.profile_a = ${profiles.id} or c.profile_b = ${profiles.id})`;
const waitingCount = sql<number>`(select count(*)::int from ${conversations} c
  where (c.profile_a = ${profiles.id} or c.profile_b = ${profiles.id}) and c.awaiting_reply_since is not null)`;

/**
 * One page of fictional profiles of `siteIds` ('all': every site), newest first. `q` matches the name
 * anywhere (any case) or, when a number, the profile id; `status` narrows to active or disabled.
 * Answers `limit` rows and whether more follow.
 */
export async function listFictionalProfiles(
  db: Db,
  input: { q: string; siteIds: readonly number[] | 'all'; status?: string | undefined; limit: number; offset: number },
): Promise<{ rows: FictionalListRow[]; more: boolean }> {
  const where: SQL[] = [eq(profiles.is_fictional, true)];
  if (input.siteIds !== 'all') {
    if (input.siteIds.length === 0) return { rows: [], more: false };
    where.push(inArray(profiles.site_id, [...input.siteIds]));
  }
  if (input.status) where.push(eq(profiles.status, input.status));
  const q = input.q.trim();
  if (q) {
    const matches: SQL[] = [ilike(profiles.name, containsPattern(q))];
    if (/^\d{1,9}$/.test(q)) matches.push(eq(profiles.id, Number(q)));
    where.push(or(...matches) as SQL);
  }
  const rows = await db
    .select({
      id: profiles.id,
      site_id: profiles.site_id,
      site_name: sites.name,
      cdn_prefix: sites.cdn_prefix,
      name: profiles.name,
      status: profiles.status,
      gender: profiles.gender,
      date_of_birth: profiles.date_of_birth,
      country: profiles.country,
      city: profiles.city,
      niches: sql<number[]>`coalesce(${fictionalPersonas.niches}, '{}'::smallint[])`,
      thumb_filename: photos.thumb_filename,
      photo_count: sql<number>`(select count(*)::int from ${photos} p where p.profile_id = ${profiles.id})`,
      conversations: conversationCount,
      waiting_conversations: waitingCount,
      created_at: profiles.created_at,
    })
    .from(profiles)
    .innerJoin(sites, eq(sites.id, profiles.site_id))
    .leftJoin(fictionalPersonas, eq(fictionalPersonas.profile_id, profiles.id))
    .leftJoin(photos, eq(photos.id, profiles.main_photo_id))
    .where(and(...where))
    .orderBy(desc(profiles.id))
    .limit(input.limit + 1)
    .offset(input.offset);
  return { rows: rows.slice(0, input.limit), more: rows.length > input.limit };
}

/** Fictional profile `id` with its persona; null when there is none or the profile is a member's. */
export async function findFictionalProfile(db: DbOrTx, id: number): Promise<FictionalRecord | null> {
  const [row] = await db
    .select({
      profile: profiles,
      persona: fictionalPersonas,
      createdBy: sql<string | null>`coalesce(nullif(${staff.name}, ''), ${staff.email})`,
    })
    .from(profiles)
    .leftJoin(fictionalPersonas, eq(fictionalPersonas.profile_id, profiles.id))
    .leftJoin(staff, eq(staff.id, fictionalPersonas.created_by))
    .where(and(eq(profiles.id, id), eq(profiles.is_fictional, true)));
  return row ?? null;
}

/** Conversations with profile `profileId`, and those waiting for an answer. */
export async function countFictionalConversations(
  db: Db,
  profileId: number,
): Promise<{ total: number; waiting: number }> {
  const side = or(eq(conversations.profile_a, profileId), eq(conversations.profile_b, profileId));
  const [total] = await db.select({ n: count() }).from(conversations).where(side);
  const [waiting] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(side, isNotNull(conversations.awaiting_reply_since)));
  return { total: total?.n ?? 0, waiting: waiting?.n ?? 0 };
}

/** Inserts a fictional profile (no user: it can never log in) and its persona; answers the profile row. */
export async function insertFictionalProfile(
  tx: DbOrTx,
  values: FictionalProfileValues,
  persona: { persona_note: string; niches: number[]; created_by: number | null; updated_at: Date },
): Promise<ProfileRow> {
  const [row] = await tx
    .insert(profiles)
    .values({ ...values, is_fictional: true, user_id: null })
    .returning();
  if (!row) throw new Error('profile insert returned nothing');
  await tx.insert(fictionalPersonas).values({ profile_id: row.id, ...persona });
  return row;
}

/** Saves changed columns of fictional profile `id` (never is_fictional, user_id or site_id). */
export async function updateFictionalProfileRow(
  tx: DbOrTx,
  id: number,
  changes: FictionalProfileChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(profiles)
    .set(changes)
    .where(and(eq(profiles.id, id), eq(profiles.is_fictional, true)));
}

/** Writes the persona of profile `profileId` (made when the profile had none yet). */
export async function savePersona(
  tx: DbOrTx,
  profileId: number,
  persona: { persona_note?: string | undefined; niches?: number[] | undefined; updated_at: Date },
): Promise<void> {
  const set = {
    updated_at: persona.updated_at,
    ...(persona.persona_note === undefined ? {} : { persona_note: persona.persona_note }),
    ...(persona.niches === undefined ? {} : { niches: persona.niches }),
  };
  await tx
    .insert(fictionalPersonas)
    .values({ profile_id: profileId, ...set })
    .onConflictDoUpdate({ target: fictionalPersonas.profile_id, set });
}

/** Locks fictional profile `id` until the transaction ends and answers it (null: none). */
export async function lockFictionalProfile(tx: DbOrTx, id: number): Promise<ProfileRow | null> {
  const [row] = await tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.is_fictional, true)))
    .for('update');
  return row ?? null;
}
