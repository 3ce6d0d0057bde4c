import { type AdminDiscountCreateBodySchema, DISCOUNT_PAGE_SIZE } from '@app/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import {
  endDiscountRow,
  findStaffDiscount,
  insertDiscount,
  isMemberOfSite,
  listStaffDiscounts,
  type StaffDiscountRow,
} from '../../db/repositories/shop-admin.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { requireShopSite } from './shop-site.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type CreateBody = z.output<typeof AdminDiscountCreateBodySchema>;

/** What the audit log keeps of a code (SPEC.md 3 fields). */
export const discountSnapshot = (row: StaffDiscountRow['row']) => ({
  code: row.code,
  kind: row.kind,
  country: row.country,
  user_id: row.user_id,
  expires: row.expires?.toISOString() ?? null,
  value_percentage: row.value_percentage,
  currency: row.currency,
  minimum_order_value: row.minimum_order_value,
  status: row.status,
  validity: row.validity,
  paymentmethods: row.paymentmethods,
});

/**
 * One page of a site's discount codes (SPEC.md 3 Discount code), newest first, optionally of one
 * status and kind, each with its paid uses and the open or pending payments holding it. Admins only.
 * @throws AppError forbidden (403) for another role, not_found (404) for a site outside the account's
 */
export async function listShopDiscounts(
  deps: Deps,
  input: { actor: Actor; siteId: number; status?: string | undefined; kind?: string | undefined; page: number },
): Promise<{ rows: StaffDiscountRow[]; more: boolean }> {
  await requireShopSite(deps, input.actor, 'view', input.siteId);
  return listStaffDiscounts(
    deps.db,
    { siteId: input.siteId, status: input.status, kind: input.kind },
    { limit: DISCOUNT_PAGE_SIZE, offset: (input.page - 1) * DISCOUNT_PAGE_SIZE },
  );
}

/**
 * Adds a typed code (kind code) with every field of SPEC.md 3: code (capitals, new on the site in any
 * case), country, user_id (a member of the site), expires (in the future), value_percentage,
 * currency, minimum_order_value (cents), status, validity and paymentmethods. Members use it through
 * the existing checks (services/money/discount-rules.ts). Audited `discount.create`.
 * @throws AppError forbidden (403), not_found (404) as listShopDiscounts; conflict (409, data {field:
 *   'code'}) for a code the site has; validation_failed (400, data {field: 'user_id' | 'expires'})
 */
export async function createShopDiscount(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; body: CreateBody },
): Promise<StaffDiscountRow> {
  const { body } = input;
  const site = await requireShopSite(deps, input.actor, 'update', body.site_id);
  if (body.user_id !== null && !(await isMemberOfSite(deps.db, site.id, body.user_id))) {
    throw validationFailed({ field: 'user_id', reason: 'not_a_member' });
  }
  const expires = body.expires === null ? null : new Date(body.expires);
  if (expires && expires <= deps.clock.now()) throw validationFailed({ field: 'expires', reason: 'past' });
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertDiscount(tx, { ...body, kind: 'code', expires });
      await recordAudit(tx, input.who, {
        action: 'discount.create',
        objectType: 'discount_code',
        objectId: created.id,
        siteId: site.id,
        memberUserId: created.user_id,
        after: discountSnapshot(created),
      });
      return created;
    });
    return { row, paidUses: 0, openClaims: 0 };
  } catch (err) {
    if (isUniqueViolation(err, 'discount_codes_site_code_key')) {
      throw new AppError('conflict', 409, { field: 'code', reason: 'code_taken' });
    }
    throw err;
  }
}

/**
 * Ends a typed code for good (status ended, one conditional UPDATE): members are refused it from now
 * on ("Code niet gevonden", discount_not_found); it is never deleted, so its uses stay listed. Open
 * payments that already hold it keep their discount. Ending an ended code changes nothing and writes
 * no entry. Audited `discount.end`.
 * @throws AppError forbidden (403), not_found (404) for an unknown code or one outside the account's
 *   sites; validation_failed (400, data {reason: 'automatic_discount'}) for the welcome discount or time bonus
 */
export async function endShopDiscount(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<StaffDiscountRow> {
  staffScope(input.actor, 'update', 'site');
  const before = await findStaffDiscount(deps.db, input.id);
  if (!before) throw notFound();
  staffScope(input.actor, 'update', 'site', before.row.site_id);
  if (before.row.kind !== 'code') throw validationFailed({ field: 'id', reason: 'automatic_discount' });
  await deps.db.transaction(async (tx) => {
    const ended = await endDiscountRow(tx, input.id);
    if (!ended) return;
    await recordAudit(tx, input.who, {
      action: 'discount.end',
      objectType: 'discount_code',
      objectId: input.id,
      siteId: ended.site_id,
      memberUserId: ended.user_id,
      before: { status: before.row.status },
      after: { status: ended.status },
    });
  });
  const after = await findStaffDiscount(deps.db, input.id);
  if (!after) throw notFound();
  return after;
}
