import {
  type AdminCreditPackage,
  type AdminDiscount,
  type AdminGift,
  type AdminGiftList,
  DISCOUNT_STATUSES,
  type DiscountStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  shownLanguages,
  siteLanguage,
} from '@app/contracts';
import type { StaffDiscountRow, StaffPackageRow } from '../../db/repositories/shop-admin.js';
import type { StaffGift, StaffGiftList } from '../../services/shop-admin/gifts.js';

/** A package for the back office (prices in cents). */
export function presentAdminPackage({ row, payments }: StaffPackageRow): AdminCreditPackage {
  return {
    id: row.id,
    site_id: row.site_id,
    credits: row.credits,
    price_cents: row.price_cents,
    currency: row.currency,
    highlighted: row.highlighted,
    position: row.position,
    active: row.active,
    payments,
  };
}

/**
 * A gift for the back office: its name in the site's language, its names per language (the site
 * language's from `name` when a row from before them lacks it) and its public URL (cdn_prefix + name).
 */
export function presentAdminGift({ row, site }: StaffGift): AdminGift {
  return {
    id: row.id,
    site_id: row.site_id,
    name: row.name,
    names: { ...row.names, [siteLanguage(site)]: row.name },
    image: row.image,
    image_url: row.image.startsWith('/') ? row.image : `${site.cdn_prefix}${row.image}`,
    credits: row.credits,
    position: row.position,
    active: row.active,
  };
}

/** A site's gifts (GET /api/admin/gifts.php) with the site's language and every language it shows, its own first. */
export function presentAdminGiftList({ site, gifts }: StaffGiftList): AdminGiftList {
  const language = siteLanguage(site);
  return {
    gifts: gifts.map((row) => presentAdminGift({ row, site })),
    language,
    languages: [language, ...shownLanguages(site).filter((l) => l !== language)],
  };
}

/** A discount code for the back office: SPEC.md 3 fields, `expired` by its own end at `now`, and its use. */
export function presentAdminDiscount({ row, paidUses, openClaims }: StaffDiscountRow, now: Date): AdminDiscount {
  const status = (DISCOUNT_STATUSES as readonly string[]).includes(row.status) ? row.status : 'inactive';
  return {
    id: row.id,
    site_id: row.site_id,
    code: row.code,
    kind: row.kind as AdminDiscount['kind'],
    country: row.country,
    user_id: row.user_id,
    expires: row.expires?.toISOString() ?? null,
    value_percentage: row.value_percentage,
    currency: row.currency,
    minimum_order_value: row.minimum_order_value,
    status: status as DiscountStatus,
    validity: row.validity as AdminDiscount['validity'],
    expired: row.expires !== null && row.expires <= now,
    paymentmethods: row.paymentmethods.filter((m): m is PaymentMethod =>
      (PAYMENT_METHODS as readonly string[]).includes(m),
    ),
    paid_uses: paidUses,
    open_claims: openClaims,
    created_at: row.created_at.toISOString(),
  };
}
