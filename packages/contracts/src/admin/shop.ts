/**
 * Wire shapes of the back office: the shop of a site (issue: back office II): credit packages, gifts,
 * discount codes (SPEC.md 3 Discount code), the welcome discount and the time bonus. Prices and order
 * values are integer cents of `currency`; gift prices are whole credits. Paths live under /api/admin/.
 */
import { z } from 'zod';
import { ALL_LOCALES } from '../locales.js';
import { DISCOUNT_KINDS, DISCOUNT_VALIDITIES, PaymentMethodSchema } from '../money.js';
import { LocalizedTextSchema } from '../settings.js';
import { text } from '../text.js';
import { PageQueryField } from './access.js';

/** Rows per page of the discount-code list. */
export const DISCOUNT_PAGE_SIZE = 50;
/** Characters of a discount code: letters, digits, `-` and `_` (members type at most 40). */
export const DISCOUNT_CODE_LENGTH = { min: 3, max: 40 } as const;
/** Characters of a gift's name. */
export const GIFT_NAME_MAX = 60;
/** Bytes of an uploaded gift image (sent base64-encoded inside the JSON body, which is limited to 1 MiB). */
export const GIFT_IMAGE_MAX_BYTES = 512 * 1024;
/** Largest credits of a package or a gift, and largest price in cents: sanity bounds, not business rules. */
export const SHOP_LIMITS = { credits: 1_000_000, priceCents: 10_000_000, position: 10_000 } as const;
/**
 * States of a discount code as staff set them: `active` (members may use it), `inactive` (paused,
 * may be switched on again: welcome discount and time bonus) or `ended` (for good; a code is never deleted).
 * Members are refused every code that is not active ("Code niet gevonden").
 */
export const DISCOUNT_STATUSES = ['active', 'inactive', 'ended'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** An id in a query string. */
const IdQueryField = z.coerce.number().int().positive();
/** ISO 4217 currency code (upper case on the wire). */
const CurrencyField = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'currency' });
const CreditsField = z.number().int().min(1).max(SHOP_LIMITS.credits);
const PriceField = z.number().int().min(1).max(SHOP_LIMITS.priceCents);
const PositionField = z.number().int().min(0).max(SHOP_LIMITS.position);
/** A future or past point in time as ISO 8601 with an offset (`Z` or `+02:00`). */
const InstantField = z.iso.datetime({ offset: true });

/** GET ?site_id=N of the shop's lists. */
export const AdminShopSiteQuerySchema = z.object({ site_id: IdQueryField });
export type AdminShopSiteQuery = z.infer<typeof AdminShopSiteQuerySchema>;

/** A credit package as staff see it, with how many payments name it. */
export const AdminCreditPackageSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  credits: z.number().int().describe('credits'),
  price_cents: z.number().int().describe('cents of currency, VAT included'),
  currency: text(),
  highlighted: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
  /** Payments of any state that name the package (then it can only be deactivated, never deleted). */
  payments: z.number().int(),
});
export type AdminCreditPackage = z.infer<typeof AdminCreditPackageSchema>;

export const AdminCreditPackageListSchema = z
  .object({ packages: z.array(AdminCreditPackageSchema) })
  .meta({ id: 'AdminCreditPackageList' });
export type AdminCreditPackageList = z.infer<typeof AdminCreditPackageListSchema>;

/** POST /api/admin/credit-packages.php: a new package of a site; `highlighted` takes the mark from any other. */
export const AdminPackageCreateBodySchema = z.object({
  site_id: z.number().int().positive(),
  credits: CreditsField,
  price_cents: PriceField,
  currency: CurrencyField.default('EUR'),
  highlighted: z.boolean().default(false),
  position: PositionField.default(0),
  active: z.boolean().default(true),
});
export type AdminPackageCreateBody = z.input<typeof AdminPackageCreateBodySchema>;

/** PUT /api/admin/credit-packages.php: change some fields; open payments keep their stored price and credits. */
export const AdminPackageUpdateBodySchema = z.object({
  id: z.number().int().positive(),
  credits: CreditsField.optional(),
  price_cents: PriceField.optional(),
  currency: CurrencyField.optional(),
  highlighted: z.boolean().optional(),
  position: PositionField.optional(),
  active: z.boolean().optional(),
});
export type AdminPackageUpdateBody = z.input<typeof AdminPackageUpdateBodySchema>;

/** DELETE /api/admin/credit-packages.php {id}. */
export const AdminShopIdBodySchema = z.object({ id: z.number().int().positive() });
export type AdminShopIdBody = z.infer<typeof AdminShopIdBodySchema>;

/** A package after a change. */
export const AdminPackageResultSchema = z
  .object({ package: AdminCreditPackageSchema })
  .meta({ id: 'AdminPackageResult' });

/** What removing a package did: deleted, or deactivated because payments name it. */
export const AdminPackageRemoveResultSchema = z
  .object({ outcome: z.enum(['deleted', 'deactivated']), package: AdminCreditPackageSchema })
  .meta({ id: 'AdminPackageRemoveResult' });
export type AdminPackageRemoveResult = z.infer<typeof AdminPackageRemoveResultSchema>;

/** A gift of a site's catalogue as staff see it. */
export const AdminGiftSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  /** The name in the site's language (the list's `language`): what a language without its own name shows. */
  name: text(),
  /** The name per language (docs/decisions/019-catalogue-texts.md), the site's language included. */
  names: LocalizedTextSchema,
  /** The stored file name, relative to the site's cdn_prefix (as members get it). */
  image: text(),
  /** Where the picture is served (cdn_prefix + image). */
  image_url: text(),
  credits: z.number().int().describe('credits'),
  position: z.number().int(),
  active: z.boolean(),
});
export type AdminGift = z.infer<typeof AdminGiftSchema>;

/** A site's gifts with the languages their names are written in: the site's own first, then the others it shows. */
export const AdminGiftListSchema = z
  .object({
    gifts: z.array(AdminGiftSchema),
    /** The site's language: its name is required (`name`). */
    language: z.enum(ALL_LOCALES),
    /** Every language the site shows, the site's language first. */
    languages: z.array(z.enum(ALL_LOCALES)),
  })
  .meta({ id: 'AdminGiftList' });
export type AdminGiftList = z.infer<typeof AdminGiftListSchema>;

/**
 * A gift picture as the client sends it: the file's bytes base64-encoded, optionally as a data URL
 * (`data:image/png;base64,...`). At most GIFT_IMAGE_MAX_BYTES once decoded; the server decodes and
 * re-encodes it (JPEG, PNG, WebP or AVIF in; a 256 px PNG without metadata out).
 */
export const GiftImageField = z
  .string()
  .max(Math.ceil(GIFT_IMAGE_MAX_BYTES / 3) * 4 + 64, { message: 'image_too_large' })
  .regex(/^(data:image\/[a-z0-9.+-]+;base64,)?[A-Za-z0-9+/]+={0,2}$/, { message: 'image_encoding' });

const GiftNameField = text().trim().min(1).max(GIFT_NAME_MAX);
/**
 * A gift's names in other languages than the site's, `{ [lng]: name }`: an empty one is no name
 * (members reading that language see the site language's name).
 */
const GiftNamesField = z.partialRecord(z.enum(ALL_LOCALES), text().trim().max(GIFT_NAME_MAX));

/** POST /api/admin/gifts.php: a new gift with its picture; `name` is the name in the site's language. */
export const AdminGiftCreateBodySchema = z.object({
  site_id: z.number().int().positive(),
  name: GiftNameField,
  names: GiftNamesField.default({}),
  credits: CreditsField,
  position: PositionField.default(0),
  active: z.boolean().default(true),
  image: GiftImageField,
});
export type AdminGiftCreateBody = z.input<typeof AdminGiftCreateBodySchema>;

/**
 * PUT /api/admin/gifts.php: change some fields; `image` replaces the picture, `name` the site
 * language's name, `names` every other language's (a language left out or empty has none).
 */
export const AdminGiftUpdateBodySchema = z.object({
  id: z.number().int().positive(),
  name: GiftNameField.optional(),
  names: GiftNamesField.optional(),
  credits: CreditsField.optional(),
  position: PositionField.optional(),
  active: z.boolean().optional(),
  image: GiftImageField.optional(),
});
export type AdminGiftUpdateBody = z.input<typeof AdminGiftUpdateBodySchema>;

export const AdminGiftResultSchema = z.object({ gift: AdminGiftSchema }).meta({ id: 'AdminGiftResult' });

/** A discount code as staff see it: the fields of SPEC.md 3 plus its kind and how often it was used. */
export const AdminDiscountSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  code: text(),
  kind: z.enum(DISCOUNT_KINDS),
  country: text().nullable(),
  user_id: z.number().int().nullable(),
  expires: text().nullable().describe('ISO 8601; null = no end of its own'),
  value_percentage: z.number().int(),
  currency: text().nullable(),
  minimum_order_value: z.number().int().nullable().describe('cents of currency (of the package when null)'),
  status: z.enum(DISCOUNT_STATUSES),
  validity: z.enum(DISCOUNT_VALIDITIES),
  /** Whether its own `expires` has passed. */
  expired: z.boolean(),
  paymentmethods: z.array(PaymentMethodSchema).describe('empty = every method'),
  /** Paid payments that used it. */
  paid_uses: z.number().int(),
  /** Open or pending payments holding it now. */
  open_claims: z.number().int(),
  created_at: text(),
});
export type AdminDiscount = z.infer<typeof AdminDiscountSchema>;

/** GET /api/admin/discount-codes.php: a site's codes, newest first, by state and kind. */
export const AdminDiscountsQuerySchema = z.object({
  site_id: IdQueryField,
  status: z.enum(DISCOUNT_STATUSES).optional(),
  kind: z.enum(DISCOUNT_KINDS).optional(),
  page: PageQueryField,
});
export type AdminDiscountsQuery = z.input<typeof AdminDiscountsQuerySchema>;

export const AdminDiscountPageSchema = z
  .object({ codes: z.array(AdminDiscountSchema), page: z.number().int(), more: z.boolean() })
  .meta({ id: 'AdminDiscountPage' });
export type AdminDiscountPage = z.infer<typeof AdminDiscountPageSchema>;

/**
 * POST /api/admin/discount-codes.php: a typed code (kind code) with every field of SPEC.md 3.
 * `code` is kept in capitals and must be new on the site in any case; `country` an ISO 3166-1
 * alpha-2 code; `user_id` a member of the site; `expires` in the future; `minimum_order_value` cents
 * of `currency` (of the package when no currency is set); `paymentmethods` empty = every method.
 */
export const AdminDiscountCreateBodySchema = z.object({
  site_id: z.number().int().positive(),
  code: text()
    .trim()
    .toUpperCase()
    .min(DISCOUNT_CODE_LENGTH.min)
    .max(DISCOUNT_CODE_LENGTH.max)
    .regex(/^[A-Z0-9_-]+$/, { message: 'code_characters' }),
  country: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'country' })
    .nullable()
    .default(null),
  user_id: z.number().int().positive().nullable().default(null),
  expires: InstantField.nullable().default(null),
  value_percentage: z.number().int().min(1).max(100),
  currency: CurrencyField.nullable().default(null),
  minimum_order_value: z.number().int().min(1).max(SHOP_LIMITS.priceCents).nullable().default(null),
  status: z.enum(['active', 'inactive']).default('active'),
  validity: z.enum(DISCOUNT_VALIDITIES).default('once_per_user'),
  paymentmethods: z
    .array(PaymentMethodSchema)
    .max(20)
    .default([])
    .transform((methods) => [...new Set(methods)]),
});
export type AdminDiscountCreateBody = z.input<typeof AdminDiscountCreateBodySchema>;

/** POST /api/admin/discount-code-end.php: end a typed code for good (status ended). */
export const AdminDiscountEndBodySchema = z.object({ id: z.number().int().positive() });

export const AdminDiscountResultSchema = z.object({ code: AdminDiscountSchema }).meta({ id: 'AdminDiscountResult' });
export type AdminDiscountResult = z.infer<typeof AdminDiscountResultSchema>;

/**
 * GET /api/admin/automatic-discounts.php: the welcome discount and the time bonus of a site (null
 * when the site has none yet) and their fixed windows: welcome WELCOME_DISCOUNT_DAYS days and time
 * bonus TIME_BONUS_SECONDS seconds after signup (SPEC.md 4, 9; not editable).
 */
export const AdminAutomaticDiscountsSchema = z
  .object({
    welcome: AdminDiscountSchema.nullable(),
    time_bonus: AdminDiscountSchema.nullable(),
    welcome_days: z.number().int().describe('days after signup'),
    time_bonus_seconds: z.number().int().describe('seconds after signup'),
  })
  .meta({ id: 'AdminAutomaticDiscounts' });
export type AdminAutomaticDiscounts = z.infer<typeof AdminAutomaticDiscountsSchema>;

/**
 * PUT /api/admin/automatic-discounts.php: the percentage, state and (welcome only) own end date of
 * the welcome discount or the time bonus; made with its standard code when the site has none yet.
 */
export const AdminAutomaticDiscountBodySchema = z
  .object({
    site_id: z.number().int().positive(),
    kind: z.enum(['welcome', 'time_bonus']),
    value_percentage: z.number().int().min(1).max(100).optional(),
    status: z.enum(['active', 'inactive']).optional(),
    expires: InstantField.nullable().optional(),
  })
  .refine((b) => b.kind === 'welcome' || b.expires === undefined, {
    message: 'time_bonus_expires',
    path: ['expires'],
  });
export type AdminAutomaticDiscountBody = z.input<typeof AdminAutomaticDiscountBodySchema>;
