import type { PaymentMethod } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { type DiscountCodeRow, findActiveCodeOfKind, findCodeOnSite } from '../../db/repositories/discount-codes.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { AppError } from '../../errors.js';
import { type DiscountCheck, discountError, effectiveExpiry, memberWindowEnd } from './discount-rules.js';

/**
 * A discount code as one member sees it (SPEC.md 3 Discount code, 5): the row, the member's own
 * expiry (the earlier of the code's and the member's welcome/time-bonus window end; null: none) and
 * whether it has passed. Routes present it with `presentDiscount`.
 */
export interface MemberDiscount {
  row: DiscountCodeRow;
  expires: Date | null;
  expired: boolean;
}

/** The code `row` as `user` sees it at `now` (MemberDiscount). */
export function memberDiscount(row: DiscountCodeRow, user: UserRow, now: Date): MemberDiscount {
  const expires = effectiveExpiry(row, user);
  return { row, expires, expired: expires !== null && expires <= now };
}

/** A discount applied to a payment: the code row's id and its percentage. */
export interface AppliedDiscount {
  id: number;
  code: string;
  kind: 'code' | 'welcome' | 'time_bonus';
  value_percentage: number;
  /** The once-only use this payment holds while open, pending or paid (discountClaim); null for unlimited codes. */
  claim: string | null;
}

/**
 * The claim a payment with this discount holds (payments.discount_claim, unique among open, pending
 * and paid payments), so a once-only discount cannot ride on several payments started before any is
 * paid: the welcome discount and the time bonus are one first-purchase discount per member
 * (`first:user:<id>`), a code of validity once is one use in all (`code:<id>`), once_per_user one per
 * member (`code:<id>:user:<id>`), unlimited none.
 */
export function discountClaim(row: Pick<DiscountCodeRow, 'id' | 'kind' | 'validity'>, userId: number): string | null {
  if (row.kind === 'welcome' || row.kind === 'time_bonus') return `first:user:${userId}`;
  if (row.validity === 'once') return `code:${row.id}`;
  if (row.validity === 'once_per_user') return `code:${row.id}:user:${userId}`;
  return null;
}

/**
 * The site's code of `kind` ('welcome' or 'time_bonus') when it applies to the member now, else null:
 * never for paid members, only within the member's window (SPEC.md 4, 5, 9).
 */
export async function automaticCodeFor(
  db: Db,
  site: SiteRow,
  user: UserRow,
  kind: 'welcome' | 'time_bonus',
  check: Omit<DiscountCheck, 'row' | 'user'>,
): Promise<DiscountCodeRow | null> {
  if (user.paid_user) return null;
  const row = await findActiveCodeOfKind(db, site.id, kind);
  if (!row) return null;
  const end = memberWindowEnd(row, user);
  if (end && check.now >= end) return null;
  return (await discountError(db, { ...check, row, user })) ? null : row;
}

/** Finds and checks a typed code. @throws the discount_* AppErrors of discountError */
export async function typedCode(
  db: Db,
  site: SiteRow,
  user: UserRow,
  input: Omit<DiscountCheck, 'row' | 'user'> & { code: string },
): Promise<DiscountCodeRow> {
  const row = await findCodeOnSite(db, site.id, input.code);
  if (!row) throw new AppError('discount_not_found', 404);
  const error = await discountError(db, { ...input, row, user });
  if (error) throw error;
  return row;
}

/**
 * The discount a new payment gets (SPEC.md 3 Discount code, 5 time bonus, 9): the typed `code` when
 * given (checked: exists and active on the site, not expired, the member's country, payment method,
 * minimum order value in cents of the package currency, not used before by this member / at all for
 * validity once), else the member's active discount (time bonus within 14400 s of signup if unused,
 * else the welcome code within WELCOME_DISCOUNT_DAYS of signup for a member who never paid) when it
 * fits the package and method, else null. Paid members get no welcome or time bonus.
 * @throws AppError discount_not_found (404), discount_used (409), discount_expired (410),
 *   discount_minimum_order (400, data {amount}), discount_country (400), discount_method (400)
 */
export async function resolveDiscountForPayment(
  db: Db,
  site: SiteRow,
  user: UserRow,
  input: {
    code: string | undefined;
    package: { price_cents: number; currency: string };
    method: PaymentMethod;
    now: Date;
  },
): Promise<AppliedDiscount | null> {
  const check = { package: input.package, method: input.method, now: input.now };
  const row = input.code
    ? await typedCode(db, site, user, { ...check, code: input.code })
    : ((await automaticCodeFor(db, site, user, 'time_bonus', check)) ??
      (await automaticCodeFor(db, site, user, 'welcome', check)));
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as AppliedDiscount['kind'],
    value_percentage: row.value_percentage,
    claim: discountClaim(row, user.id),
  };
}
