/**
 * The back office's reads of complaints and payments (issue: back office I): lists limited to the
 * staff account's sites, each row with its member (id, e-mail, profile name).
 */
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { complaints, creditPackages, discountCodes, payments, profiles, staff, users } from '../schema.js';
import type { ComplaintRow } from './complaints.js';
import type { PaymentRow } from './payments.js';

/** The member a row belongs to; `name` is null when the member has no profile. */
export interface MemberRef {
  id: number;
  email: string;
  name: string | null;
}

/** The sites a staff query is limited to (policies staffScope): ids, or every site. */
export type SiteScope = readonly number[] | 'all';

/** A page of rows and whether more follow. */
export interface Paged<T> {
  rows: T[];
  more: boolean;
}

const memberRef = { id: users.id, email: users.email, name: profiles.name };

/** The site condition of a scope on `column`; null for every site. */
function inScope(column: typeof complaints.site_id | typeof payments.site_id, scope: SiteScope): SQL | null {
  return scope === 'all' ? null : inArray(column, [...scope]);
}

function paged<T>(rows: T[], limit: number): Paged<T> {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** A complaint with its member. */
export interface StaffComplaintRow {
  complaint: ComplaintRow;
  member: MemberRef;
}

/**
 * One page of complaints of `scope`, optionally of one `status`: unanswered ones (new, in progress)
 * first and oldest first, the front of the queue; then answered ones, newest first. Served by
 * complaints_site_idx.
 */
export async function listStaffComplaints(
  db: Db,
  filter: { scope: SiteScope; status?: string },
  page: { limit: number; offset: number },
): Promise<Paged<StaffComplaintRow>> {
  if (filter.scope !== 'all' && filter.scope.length === 0) return { rows: [], more: false };
  const where = [inScope(complaints.site_id, filter.scope)];
  if (filter.status) where.push(eq(complaints.status, filter.status));
  const open = sql`${complaints.status} <> 'answered'`;
  const rows = await db
    .select({ complaint: complaints, member: memberRef })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.user_id))
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .where(and(...where.filter((w) => w !== null)))
    .orderBy(
      sql`${complaints.status} = 'answered'`,
      sql`case when ${open} then ${complaints.created_at} end asc`,
      sql`case when ${open} then ${complaints.id} end asc`,
      desc(complaints.created_at),
      desc(complaints.id),
    )
    .limit(page.limit + 1)
    .offset(page.offset);
  return paged(rows, page.limit);
}

/** A complaint with its member (and the member's language) and the e-mail of the staff who answered. */
export interface StaffComplaintDetailRow {
  complaint: ComplaintRow;
  member: MemberRef & { language: string };
  answeredBy: string | null;
}

/** One complaint by id with its member and answering staff, or null. */
export async function findStaffComplaint(db: Db, id: number): Promise<StaffComplaintDetailRow | null> {
  const [row] = await db
    .select({
      complaint: complaints,
      member: { ...memberRef, language: users.language },
      answeredBy: staff.email,
    })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.user_id))
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .leftJoin(staff, eq(staff.id, complaints.answered_by))
    .where(eq(complaints.id, id));
  return row ?? null;
}

/** What the payment list filters on; `to` is exclusive. A member is an id or an e-mail (any case). */
export interface StaffPaymentFilter {
  scope: SiteScope;
  status?: string;
  method?: string;
  from?: Date;
  to?: Date;
  memberId?: number;
  memberEmail?: string;
}

/** A payment with its member. */
export interface StaffPaymentRow {
  payment: PaymentRow;
  member: MemberRef;
}

/** One page of payments of `filter`, newest first. */
export async function listStaffPayments(
  db: Db,
  filter: StaffPaymentFilter,
  page: { limit: number; offset: number },
): Promise<Paged<StaffPaymentRow>> {
  if (filter.scope !== 'all' && filter.scope.length === 0) return { rows: [], more: false };
  const where = [inScope(payments.site_id, filter.scope)];
  if (filter.status) where.push(eq(payments.status, filter.status));
  if (filter.method) where.push(eq(payments.method, filter.method));
  if (filter.from) where.push(gte(payments.created_at, filter.from));
  if (filter.to) where.push(lt(payments.created_at, filter.to));
  if (filter.memberId !== undefined) where.push(eq(payments.user_id, filter.memberId));
  if (filter.memberEmail !== undefined) where.push(sql`lower(${users.email}) = lower(${filter.memberEmail})`);
  const rows = await db
    .select({ payment: payments, member: memberRef })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .where(and(...where.filter((w) => w !== null)))
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return paged(rows, page.limit);
}

/** A payment with its member (balance included), package and discount code. */
export interface StaffPaymentDetailRow {
  payment: PaymentRow;
  member: MemberRef & { language: string; credits: number; paid_user: boolean };
  package: { id: number; credits: number; price_cents: number };
  discount: { code: string; kind: string } | null;
}

/** One payment by id with its member, package and discount code, or null. */
export async function findStaffPayment(db: Db, id: number): Promise<StaffPaymentDetailRow | null> {
  const [row] = await db
    .select({
      payment: payments,
      member: { ...memberRef, language: users.language, credits: users.credits, paid_user: users.paid_user },
      package: { id: creditPackages.id, credits: creditPackages.credits, price_cents: creditPackages.price_cents },
      discount: { code: discountCodes.code, kind: discountCodes.kind },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .innerJoin(creditPackages, eq(creditPackages.id, payments.package_id))
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .leftJoin(discountCodes, eq(discountCodes.id, payments.discount_code_id))
    .where(eq(payments.id, id));
  return row ?? null;
}
