import { and, count, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { staff, users } from '../schema.js';

/** A known account's password hash: a member (on any site, not erased) or a staff account. */
export interface KnownAccountHash {
  kind: 'member' | 'staff';
  email: string;
  password_hash: string;
}

/**
 * The password hashes of the members (every site, erased accounts left out) and staff accounts with
 * these e-mail addresses (compared lower-cased). Used to find the demo seed's published logins.
 */
export async function findKnownAccountHashes(
  db: Db,
  memberEmails: readonly string[],
  staffEmails: readonly string[],
): Promise<KnownAccountHash[]> {
  const lower = (emails: readonly string[]) => emails.map((e) => e.toLowerCase());
  const members = memberEmails.length
    ? await db
        .select({ email: users.email, password_hash: users.password_hash })
        .from(users)
        .where(and(inArray(sql`lower(${users.email})`, lower(memberEmails)), isNull(users.erased_at)))
    : [];
  const staffRows = staffEmails.length
    ? await db
        .select({ email: staff.email, password_hash: staff.password_hash })
        .from(staff)
        .where(and(inArray(sql`lower(${staff.email})`, lower(staffEmails)), isNull(staff.disabled_at)))
    : [];
  return [
    ...members.map((row) => ({ kind: 'member' as const, ...row })),
    ...staffRows.map((row) => ({ kind: 'staff' as const, ...row })),
  ];
}

/** Members (not erased) whose password hash is one of `hashes`: the demo seed gives all its members one. */
export async function countMembersWithPasswordHash(db: Db, hashes: readonly string[]): Promise<number> {
  if (hashes.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.password_hash, [...hashes]), isNull(users.erased_at)));
  return row?.n ?? 0;
}
