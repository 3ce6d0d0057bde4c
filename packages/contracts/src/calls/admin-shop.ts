import {
  AdminAutomaticDiscountBodySchema,
  AdminAutomaticDiscountsSchema,
  AdminCreditPackageListSchema,
  AdminDiscountCreateBodySchema,
  AdminDiscountEndBodySchema,
  AdminDiscountPageSchema,
  AdminDiscountResultSchema,
  AdminDiscountsQuerySchema,
  AdminGiftCreateBodySchema,
  AdminGiftListSchema,
  AdminGiftResultSchema,
  AdminGiftUpdateBodySchema,
  AdminPackageCreateBodySchema,
  AdminPackageRemoveResultSchema,
  AdminPackageResultSchema,
  AdminPackageUpdateBodySchema,
  AdminShopIdBodySchema,
  AdminShopSiteQuerySchema,
} from '../admin/shop.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;
const errors = [400, 403, 404] as const;

/**
 * Back office II. The shop of a site: credit packages, gifts, discount codes, the welcome discount and
 * the time bonus. Admins only (policies: resource `site`); other roles get 403 forbidden, a site
 * outside the account's 404. Every change writes an audit entry in its transaction.
 */
export const adminShopCalls = {
  /** GET /api/admin/credit-packages.php?site_id=: every package of the site in shop order. */
  packages: defineCall({
    method: 'GET',
    path: '/api/admin/credit-packages.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminShopSiteQuerySchema,
    response: AdminCreditPackageListSchema,
    errors,
    tags,
    summary: "A site's credit packages (active and not) in shop order, with the payments naming each",
  }),
  /** POST /api/admin/credit-packages.php: a new package. */
  createPackage: defineCall({
    method: 'POST',
    path: '/api/admin/credit-packages.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminPackageCreateBodySchema,
    response: AdminPackageResultSchema,
    errors,
    tags,
    summary:
      'Add a credit package (credits, price in cents, currency, highlighted, position, active; audited: package.create)',
  }),
  /** PUT /api/admin/credit-packages.php: change a package; payments already opened keep their price. */
  updatePackage: defineCall({
    method: 'PUT',
    path: '/api/admin/credit-packages.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminPackageUpdateBodySchema,
    response: AdminPackageResultSchema,
    errors,
    tags,
    summary: 'Change a credit package; the next payment uses the new price (audited: package.update)',
    description:
      'A payment stores its credits and amount when it is opened, so a payment opened before the change is paid at the old price. Highlighting one package takes the mark from the others.',
  }),
  /** DELETE /api/admin/credit-packages.php {id}: delete, or deactivate when payments name it. */
  removePackage: defineCall({
    method: 'DELETE',
    path: '/api/admin/credit-packages.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminShopIdBodySchema,
    response: AdminPackageRemoveResultSchema,
    errors,
    tags,
    summary: 'Delete a package nobody paid with, else deactivate it (audited: package.delete or package.deactivate)',
  }),
  /** GET /api/admin/gifts.php?site_id=: every gift of the site in catalogue order. */
  gifts: defineCall({
    method: 'GET',
    path: '/api/admin/gifts.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminShopSiteQuerySchema,
    response: AdminGiftListSchema,
    errors,
    tags,
    summary: "A site's gifts (active and not) in catalogue order, with how often each was sent",
  }),
  /** POST /api/admin/gifts.php: a new gift with its picture (base64 in the JSON body). */
  createGift: defineCall({
    method: 'POST',
    path: '/api/admin/gifts.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminGiftCreateBodySchema,
    response: AdminGiftResultSchema,
    errors: [...errors, 413],
    tags,
    summary: 'Add a gift; its picture is decoded and re-encoded without metadata (audited: gift.create)',
    description:
      '400 photo_invalid (data.reason not_an_image, unsupported_format, too_many_pixels, undecodable) for a picture that is not an image; 413 photo_too_large above the size limit.',
  }),
  /** PUT /api/admin/gifts.php: change a gift; `image` replaces its picture. */
  updateGift: defineCall({
    method: 'PUT',
    path: '/api/admin/gifts.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminGiftUpdateBodySchema,
    response: AdminGiftResultSchema,
    errors: [...errors, 413],
    tags,
    summary: 'Change a gift (name, credits, position, active, picture; audited: gift.update)',
  }),
  /** GET /api/admin/discount-codes.php?site_id=&status=&kind=&page=: codes with their use, newest first. */
  discounts: defineCall({
    method: 'GET',
    path: '/api/admin/discount-codes.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminDiscountsQuerySchema,
    response: AdminDiscountPageSchema,
    errors,
    tags,
    summary: "A site's discount codes, newest first, with paid uses and open claims; 50 a page",
  }),
  /** POST /api/admin/discount-codes.php: a new typed code with every field of SPEC.md 3. */
  createDiscount: defineCall({
    method: 'POST',
    path: '/api/admin/discount-codes.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminDiscountCreateBodySchema,
    response: AdminDiscountResultSchema,
    errors: [...errors, 409],
    tags,
    summary: 'Add a discount code (audited: discount.create)',
    description:
      '409 conflict (data {field: code}) when the site has the code already in any case; 400 validation_failed (data {field}) for a user_id that is not a member of the site or an `expires` in the past.',
  }),
  /** POST /api/admin/discount-code-end.php {id}: end a code for good. */
  endDiscount: defineCall({
    method: 'POST',
    path: '/api/admin/discount-code-end.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminDiscountEndBodySchema,
    response: AdminDiscountResultSchema,
    errors,
    tags,
    summary: 'End a discount code: members can no longer use it; it stays listed with its uses (audited: discount.end)',
    description:
      '400 validation_failed (data {reason: automatic_discount}) for the welcome discount or the time bonus: switch those off in their settings.',
  }),
  /** GET /api/admin/automatic-discounts.php?site_id=: the welcome discount and the time bonus. */
  automaticDiscounts: defineCall({
    method: 'GET',
    path: '/api/admin/automatic-discounts.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminShopSiteQuerySchema,
    response: AdminAutomaticDiscountsSchema,
    errors,
    tags,
    summary: "A site's welcome discount and time bonus with their fixed windows",
  }),
  /** PUT /api/admin/automatic-discounts.php: percentage, state and (welcome) end date. */
  updateAutomaticDiscount: defineCall({
    method: 'PUT',
    path: '/api/admin/automatic-discounts.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminAutomaticDiscountBodySchema,
    response: AdminDiscountResultSchema,
    errors: [...errors, 409],
    tags,
    summary:
      'Set the percentage, state or (welcome) end date of the welcome discount or the time bonus (audited: discount.update)',
  }),
};
