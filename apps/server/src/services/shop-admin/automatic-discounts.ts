import {
  type AdminAutomaticDiscountBodySchema,
  TIME_BONUS,
  WELCOME_CODE,
  WELCOME_DISCOUNT_PERCENTAGE,
} from '@app/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { DiscountCodeRow } from '../../db/repositories/discount-codes.js';
import {
  findAutomaticDiscount,
  findStaffDiscount,
  insertDiscount,
  lockSiteShop,
  type StaffDiscountRow,
  updateDiscountRow,
} from '../../db/repositories/shop-admin.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { discountSnapshot } from './discounts.js';
import { requireShopSite } from './shop-site.js';

type Deps = Pick<AppDeps, 'db'>;
type Body = z.output<typeof AdminAutomaticDiscountBodySchema>;

/** The standard code of each automatic discount (SPEC.md 9), used when a site has none yet. */
const DEFAULTS = {
  welcome: { code: WELCOME_CODE, value_percentage: WELCOME_DISCOUNT_PERCENTAGE, validity: 'once_per_user' },
  time_bonus: { code: TIME_BONUS.code, value_percentage: TIME_BONUS.value_percentage, validity: TIME_BONUS.validity },
} as const;

async function withUses(deps: Deps, row: DiscountCodeRow | null): Promise<StaffDiscountRow | null> {
  return row ? findStaffDiscount(deps.db, row.id) : null;
}

/**
 * A site's welcome discount and time bonus as members get them (the oldest active row of each kind,
 * else the oldest of any state; null when the site has none), with their uses (SPEC.md 4, 5, 9).
 * Their windows after signup are fixed (WELCOME_DISCOUNT_DAYS, TIME_BONUS_SECONDS). Admins only.
 * @throws AppError forbidden (403) for another role, not_found (404) for a site outside the account's
 */
export async function viewAutomaticDiscounts(
  deps: Deps,
  input: { actor: Actor; siteId: number },
): Promise<{ welcome: StaffDiscountRow | null; timeBonus: StaffDiscountRow | null }> {
  await requireShopSite(deps, input.actor, 'view', input.siteId);
  const [welcome, timeBonus] = await Promise.all([
    findAutomaticDiscount(deps.db, input.siteId, 'welcome'),
    findAutomaticDiscount(deps.db, input.siteId, 'time_bonus'),
  ]);
  return { welcome: await withUses(deps, welcome), timeBonus: await withUses(deps, timeBonus) };
}

/**
 * Sets the percentage, state (active or inactive) and, for the welcome discount, its own end date of
 * the site's welcome discount or time bonus; a site without one gets it made with its standard code
 * (WELCOME25, TIMEBONUS25). The time bonus's window (TIME_BONUS_SECONDS after signup) is not
 * editable. Payments already opened keep their stored percentage. Audited `discount.update`
 * (or `discount.create` for a new row) in the same transaction.
 * @throws AppError forbidden (403), not_found (404) as viewAutomaticDiscounts; conflict (409, data
 *   {field: 'code'}) when a new row's standard code is taken by another code of the site
 */
export async function updateAutomaticDiscount(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; body: Body },
): Promise<StaffDiscountRow> {
  const { site_id: siteId, kind, value_percentage, status, expires } = input.body;
  await requireShopSite(deps, input.actor, 'update', siteId);
  const changes = {
    ...(value_percentage !== undefined && { value_percentage }),
    ...(status !== undefined && { status }),
    ...(expires !== undefined && { expires: expires === null ? null : new Date(expires) }),
  };
  const row = await deps.db
    .transaction(async (tx) => {
      await lockSiteShop(tx, siteId);
      const current = await findAutomaticDiscount(tx, siteId, kind);
      const entry = { objectType: 'discount_code', siteId };
      if (!current) {
        const created = await insertDiscount(tx, { site_id: siteId, kind, ...DEFAULTS[kind], ...changes });
        await recordAudit(tx, input.who, {
          ...entry,
          action: 'discount.create',
          objectId: created.id,
          after: discountSnapshot(created),
        });
        return created;
      }
      const updated =
        Object.keys(changes).length > 0 ? ((await updateDiscountRow(tx, current.id, changes)) ?? current) : current;
      await recordAudit(tx, input.who, {
        ...entry,
        action: 'discount.update',
        objectId: current.id,
        before: discountSnapshot(current),
        after: discountSnapshot(updated),
      });
      return updated;
    })
    .catch((err: unknown) => {
      // Another code of the site already has the standard code's name.
      if (isUniqueViolation(err, 'discount_codes_site_code_key')) {
        throw new AppError('conflict', 409, { field: 'code', reason: 'code_taken' });
      }
      throw err;
    });
  const found = await findStaffDiscount(deps.db, row.id);
  if (!found) throw notFound();
  return found;
}
