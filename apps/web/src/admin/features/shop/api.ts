import {
  type AdminAutomaticDiscountBody,
  type AdminDiscountCreateBody,
  type AdminDiscountsQuery,
  type AdminGiftCreateBody,
  type AdminGiftUpdateBody,
  type AdminPackageCreateBody,
  type AdminPackageUpdateBody,
  adminShopCalls,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Query keys of the shop screen (invalidate `shopKeys.site(id)` after a change of that site's shop). */
export const shopKeys = {
  all: ['admin', 'shop'] as const,
  site: (siteId: number) => ['admin', 'shop', siteId] as const,
  packages: (siteId: number) => ['admin', 'shop', siteId, 'packages'] as const,
  gifts: (siteId: number) => ['admin', 'shop', siteId, 'gifts'] as const,
  discounts: (params: AdminDiscountsQuery) => ['admin', 'shop', params.site_id, 'discounts', params] as const,
  automatic: (siteId: number) => ['admin', 'shop', siteId, 'automatic'] as const,
};

/** Every credit package of a site in shop order. */
export const packagesQuery = (siteId: number) =>
  queryOptions({
    queryKey: shopKeys.packages(siteId),
    queryFn: () => call(adminShopCalls.packages, { query: { site_id: siteId } }),
  });

/** Every gift of a site in catalogue order. */
export const giftsQuery = (siteId: number) =>
  queryOptions({
    queryKey: shopKeys.gifts(siteId),
    queryFn: () => call(adminShopCalls.gifts, { query: { site_id: siteId } }),
  });

/** One page of a site's discount codes with their use. */
export const discountsQuery = (params: AdminDiscountsQuery) =>
  queryOptions({
    queryKey: shopKeys.discounts(params),
    queryFn: () => call(adminShopCalls.discounts, { query: params }),
  });

/** The welcome discount and the time bonus of a site. */
export const automaticQuery = (siteId: number) =>
  queryOptions({
    queryKey: shopKeys.automatic(siteId),
    queryFn: () => call(adminShopCalls.automaticDiscounts, { query: { site_id: siteId } }),
  });

/** POST /api/admin/credit-packages.php. */
export const createPackage = (body: AdminPackageCreateBody) => call(adminShopCalls.createPackage, { body });
/** PUT /api/admin/credit-packages.php. */
export const updatePackage = (body: AdminPackageUpdateBody) => call(adminShopCalls.updatePackage, { body });
/** DELETE /api/admin/credit-packages.php: deleted, or deactivated when payments name it. */
export const removePackage = (id: number) => call(adminShopCalls.removePackage, { body: { id } });
/** POST /api/admin/gifts.php (the picture base64 in the body). */
export const createGift = (body: AdminGiftCreateBody) => call(adminShopCalls.createGift, { body });
/** PUT /api/admin/gifts.php. */
export const updateGift = (body: AdminGiftUpdateBody) => call(adminShopCalls.updateGift, { body });
/** POST /api/admin/discount-codes.php. */
export const createDiscount = (body: AdminDiscountCreateBody) => call(adminShopCalls.createDiscount, { body });
/** POST /api/admin/discount-code-end.php. */
export const endDiscount = (id: number) => call(adminShopCalls.endDiscount, { body: { id } });
/** PUT /api/admin/automatic-discounts.php. */
export const updateAutomatic = (body: AdminAutomaticDiscountBody) =>
  call(adminShopCalls.updateAutomaticDiscount, { body });

/** A picked file as base64 (without the data-URL prefix), for the gift calls. */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
