import { adminShopCalls, TIME_BONUS_SECONDS, WELCOME_DISCOUNT_DAYS } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import {
  presentAdminDiscount,
  presentAdminGift,
  presentAdminGiftList,
  presentAdminPackage,
} from '../../presenters/admin/shop.js';
import { updateAutomaticDiscount, viewAutomaticDiscounts } from '../../services/shop-admin/automatic-discounts.js';
import { createShopDiscount, endShopDiscount, listShopDiscounts } from '../../services/shop-admin/discounts.js';
import { createShopGift, listShopGifts, updateShopGift } from '../../services/shop-admin/gifts.js';
import {
  createShopPackage,
  listShopPackages,
  removeShopPackage,
  updateShopPackage,
} from '../../services/shop-admin/packages.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/** Back office II. The shop of a site: credit packages, gifts, discount codes, the welcome discount and the time bonus. */
export const adminShopRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const now = () => deps.clock.now();

  registerCall(app, adminShopCalls.packages, async (req) => {
    const { actor } = requireStaff(req);
    const rows = await listShopPackages(deps, { actor, siteId: req.query.site_id });
    return { packages: rows.map(presentAdminPackage) };
  });

  registerCall(app, adminShopCalls.createPackage, async (req) => {
    const { actor, who } = requireStaff(req);
    return { package: presentAdminPackage(await createShopPackage(deps, { actor, who, body: req.body })) };
  });

  registerCall(app, adminShopCalls.updatePackage, async (req) => {
    const { actor, who } = requireStaff(req);
    return { package: presentAdminPackage(await updateShopPackage(deps, { actor, who, body: req.body })) };
  });

  registerCall(app, adminShopCalls.removePackage, async (req) => {
    const { actor, who } = requireStaff(req);
    const result = await removeShopPackage(deps, { actor, who, id: req.body.id });
    return { outcome: result.outcome, package: presentAdminPackage(result.package) };
  });

  registerCall(app, adminShopCalls.gifts, async (req) => {
    const { actor } = requireStaff(req);
    return presentAdminGiftList(await listShopGifts(deps, { actor, siteId: req.query.site_id }));
  });

  registerCall(app, adminShopCalls.createGift, async (req) => {
    const { actor, who } = requireStaff(req);
    return { gift: presentAdminGift(await createShopGift(deps, { actor, who, body: req.body })) };
  });

  registerCall(app, adminShopCalls.updateGift, async (req) => {
    const { actor, who } = requireStaff(req);
    return { gift: presentAdminGift(await updateShopGift(deps, { actor, who, body: req.body })) };
  });

  registerCall(app, adminShopCalls.discounts, async (req) => {
    const { actor } = requireStaff(req);
    const q = req.query;
    const result = await listShopDiscounts(deps, {
      actor,
      siteId: q.site_id,
      status: q.status,
      kind: q.kind,
      page: q.page,
    });
    return { codes: result.rows.map((r) => presentAdminDiscount(r, now())), page: q.page, more: result.more };
  });

  registerCall(app, adminShopCalls.createDiscount, async (req) => {
    const { actor, who } = requireStaff(req);
    return { code: presentAdminDiscount(await createShopDiscount(deps, { actor, who, body: req.body }), now()) };
  });

  registerCall(app, adminShopCalls.endDiscount, async (req) => {
    const { actor, who } = requireStaff(req);
    return { code: presentAdminDiscount(await endShopDiscount(deps, { actor, who, id: req.body.id }), now()) };
  });

  registerCall(app, adminShopCalls.automaticDiscounts, async (req) => {
    const { actor } = requireStaff(req);
    const found = await viewAutomaticDiscounts(deps, { actor, siteId: req.query.site_id });
    return {
      welcome: found.welcome && presentAdminDiscount(found.welcome, now()),
      time_bonus: found.timeBonus && presentAdminDiscount(found.timeBonus, now()),
      welcome_days: WELCOME_DISCOUNT_DAYS,
      time_bonus_seconds: TIME_BONUS_SECONDS,
    };
  });

  registerCall(app, adminShopCalls.updateAutomaticDiscount, async (req) => {
    const { actor, who } = requireStaff(req);
    return { code: presentAdminDiscount(await updateAutomaticDiscount(deps, { actor, who, body: req.body }), now()) };
  });
};
