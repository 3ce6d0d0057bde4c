import { BILLING_PAGE_SIZE, type PaymentMethod, type PaymentStatus } from '@app/contracts';
import {
  listStaffPayments,
  type Paged,
  type StaffPaymentFilter,
  type StaffPaymentRow,
} from '../../db/repositories/admin-billing.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of `value` (YYYY-MM-DD at 00:00 UTC, or an ISO time). */
function startOf(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
}

/** The exclusive end of `value`: a date alone includes that whole day (UTC); a time is the end itself. */
function endOf(value: string): Date {
  return DATE_ONLY.test(value) ? new Date(startOf(value).getTime() + DAY_MS) : new Date(value);
}

/** The member filter: digits are a user id, anything else an e-mail address (any case). */
function memberFilter(member: string | undefined): Pick<StaffPaymentFilter, 'memberId' | 'memberEmail'> {
  if (!member) return {};
  return /^\d+$/.test(member) ? { memberId: Number(member) } : { memberEmail: member };
}

/**
 * The back office's payment list (issue: back office I; GET /api/admin/payments.php): one page
 * (1-based, BILLING_PAGE_SIZE rows) of the payments on the actor's sites or on `siteId`, newest
 * first, filtered by state, method, created from/to (ISO dates or times; a date alone as `to`
 * includes that whole day, UTC) and member (a user id or an e-mail address). Rows carry their member.
 * @throws AppError forbidden (403) for a role that may not view payments (moderator, operator);
 *   not_found (404) for a `siteId` outside the actor's sites
 */
export function searchPayments(
  { db }: Pick<AppDeps, 'db'>,
  input: {
    actor: Actor;
    siteId?: number;
    status?: PaymentStatus;
    method?: PaymentMethod;
    from?: string;
    to?: string;
    member?: string;
    page: number;
  },
): Promise<Paged<StaffPaymentRow>> {
  const { siteIds } = staffScope(input.actor, 'view', 'payment', input.siteId);
  const filter: StaffPaymentFilter = {
    scope: siteIds,
    ...(input.status ? { status: input.status } : {}),
    ...(input.method ? { method: input.method } : {}),
    ...(input.from ? { from: startOf(input.from) } : {}),
    ...(input.to ? { to: endOf(input.to) } : {}),
    ...memberFilter(input.member),
  };
  return listStaffPayments(db, filter, { limit: BILLING_PAGE_SIZE, offset: (input.page - 1) * BILLING_PAGE_SIZE });
}
