import type { AdminPackageCreateBodySchema, AdminPackageUpdateBodySchema } from '@app/contracts';
import type { z } from 'zod';
import {
  clearOtherHighlights,
  deleteUnusedPackage,
  findStaffPackage,
  insertPackage,
  listStaffPackages,
  lockSiteShop,
  type StaffPackageRow,
  updatePackageRow,
} from '../../db/repositories/shop-admin.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { requireShopSite } from './shop-site.js';

type Deps = Pick<AppDeps, 'db'>;
type CreateBody = z.output<typeof AdminPackageCreateBodySchema>;
type UpdateBody = z.output<typeof AdminPackageUpdateBodySchema>;

/** What the audit log keeps of a package. */
const snapshot = ({ row }: StaffPackageRow | { row: StaffPackageRow['row'] }) => ({
  credits: row.credits,
  price_cents: row.price_cents,
  currency: row.currency,
  highlighted: row.highlighted,
  position: row.position,
  active: row.active,
});

/**
 * A site's credit packages, active and not, in shop order, each with the payments that name it
 * (SPEC.md 2 /credits; issue: back office II). Admins only.
 * @throws AppError forbidden (403) for another role, not_found (404) for a site outside the account's
 */
export async function listShopPackages(
  deps: Deps,
  input: { actor: Actor; siteId: number },
): Promise<StaffPackageRow[]> {
  await requireShopSite(deps, input.actor, 'view', input.siteId);
  return listStaffPackages(deps.db, input.siteId);
}

/**
 * Adds a credit package to a site (credits, price in cents of `currency`); a highlighted one takes the
 * mark from the others, so at most one is highlighted. Audited `package.create` in the same transaction.
 * @throws AppError forbidden (403), not_found (404) as listShopPackages
 */
export async function createShopPackage(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; body: CreateBody },
): Promise<StaffPackageRow> {
  const { body } = input;
  await requireShopSite(deps, input.actor, 'update', body.site_id);
  const row = await deps.db.transaction(async (tx) => {
    await lockSiteShop(tx, body.site_id);
    const created = await insertPackage(tx, body);
    if (created.highlighted) await clearOtherHighlights(tx, body.site_id, created.id);
    await recordAudit(tx, input.who, {
      action: 'package.create',
      objectType: 'credit_package',
      objectId: created.id,
      siteId: body.site_id,
      after: snapshot({ row: created }),
    });
    return created;
  });
  return { row, payments: 0 };
}

/** The package `id` and its site, for a change by `actor`. @throws forbidden (403), not_found (404) */
async function packageToChange(deps: Deps, actor: Actor, id: number): Promise<StaffPackageRow> {
  staffScope(actor, 'update', 'site');
  const found = await findStaffPackage(deps.db, id);
  if (!found) throw notFound();
  staffScope(actor, 'update', 'site', found.row.site_id);
  return found;
}

/**
 * Changes a package. A payment stores its credits and amount (cents) when it is opened
 * (services/money/start-payment.ts), so a payment opened before a price change is paid at the old
 * price and credits; the next one uses the new price. Highlighting takes the mark from the others.
 * Audited `package.update` with before and after, in the same transaction.
 * @throws AppError forbidden (403), not_found (404) for an unknown package or one outside the account's sites
 */
export async function updateShopPackage(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; body: UpdateBody },
): Promise<StaffPackageRow> {
  const { id, ...changes } = input.body;
  const before = await packageToChange(deps, input.actor, id);
  const row = await deps.db.transaction(async (tx) => {
    await lockSiteShop(tx, before.row.site_id);
    const updated = await updatePackageRow(tx, id, changes);
    if (!updated) throw notFound();
    if (changes.highlighted) await clearOtherHighlights(tx, updated.site_id, updated.id);
    await recordAudit(tx, input.who, {
      action: 'package.update',
      objectType: 'credit_package',
      objectId: id,
      siteId: updated.site_id,
      before: snapshot(before),
      after: snapshot({ row: updated }),
    });
    return updated;
  });
  return { row, payments: before.payments };
}

/**
 * Removes a package: deleted when no payment or direct-debit mandate names it, else deactivated
 * (payments keep their package for ever). Audited `package.delete` or `package.deactivate`.
 * @throws AppError forbidden (403), not_found (404) as updateShopPackage
 */
export async function removeShopPackage(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<{ outcome: 'deleted' | 'deactivated'; package: StaffPackageRow }> {
  const before = await packageToChange(deps, input.actor, input.id);
  return deps.db.transaction(async (tx) => {
    await lockSiteShop(tx, before.row.site_id);
    const entry = { objectType: 'credit_package', objectId: input.id, siteId: before.row.site_id };
    if (await deleteUnusedPackage(tx, input.id)) {
      await recordAudit(tx, input.who, { ...entry, action: 'package.delete', before: snapshot(before) });
      return { outcome: 'deleted' as const, package: before };
    }
    const updated = await updatePackageRow(tx, input.id, { active: false, highlighted: false });
    if (!updated) throw notFound();
    await recordAudit(tx, input.who, {
      ...entry,
      action: 'package.deactivate',
      before: snapshot(before),
      after: snapshot({ row: updated }),
    });
    return { outcome: 'deactivated' as const, package: { row: updated, payments: before.payments } };
  });
}
