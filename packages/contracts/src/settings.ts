import { z } from 'zod';
import { PROFILE_FIELDS, SEARCH_FIELDS } from './enums.js';
import { ALL_LOCALES, DEFAULT_LOCALE } from './locales.js';
import { SiteTagSchema } from './public-site.js';
import { text } from './text.js';

/**
 * The texts a site sets itself, in each language (SPEC.md 3 Settings; DECISIONS.md Languages). The
 * `sites` columns of the same names hold the nl text; `sites.texts` holds the translations.
 */
export const SITE_TEXT_FIELDS = [
  'index_title',
  'description',
  'fictional_singular',
  'fictional_plural',
  'fictional_warning',
] as const;
export type SiteTextField = (typeof SITE_TEXT_FIELDS)[number];

/** One site text in several languages: `{ nl: '…', en: '…' }`; a missing language falls back to nl. */
export const LocalizedTextSchema = z.partialRecord(z.enum(ALL_LOCALES), text());
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/**
 * `sites.texts`: every site text per language, `{ [field]: { [lng]: string } }`, and the profile-field
 * notes per field, `{ visible_profile_notes: { [profileField]: { [lng]: string } } }`.
 */
export const SiteTextsSchema = z
  .object({
    ...Object.fromEntries(SITE_TEXT_FIELDS.map((field) => [field, LocalizedTextSchema.optional()])),
    visible_profile_notes: z.record(text(), LocalizedTextSchema).optional(),
  })
  .meta({ id: 'SiteTexts' });
export type SiteTexts = Partial<Record<SiteTextField, LocalizedText>> & {
  visible_profile_notes?: Record<string, LocalizedText>;
};

/**
 * A site text in `lng`: the `lng` translation, else the nl one, else `nlDefault` (the nl column), so
 * a language the site has not translated shows the Dutch text (nl is the fallback, SPEC.md 1).
 */
export function localizeText(value: LocalizedText | undefined, lng: string, nlDefault = ''): string {
  const own = value?.[lng as keyof LocalizedText];
  if (own) return own;
  return value?.[DEFAULT_LOCALE] || nlDefault;
}

export const MinimumMessageCostSchema = z.object({
  country: text().length(2),
  costs: z.number().int().nonnegative().describe('credits'),
  currency: text().length(3),
});

/** The settings of one site, SPEC.md section 3, as GET /api/settings.php answers them. */
export const SettingsSchema = z
  .object({
    name: text(),
    domain: text(),
    domain_language: text(),
    index_title: text(),
    description: text(),
    cdn_prefix: text().describe('prefix of every photo path, ends with /'),
    countries: z.array(text().length(2)),
    geoip_country: text().nullable(),
    geoip_selected_country: text(),
    enable_site_entry_popup: z.enum(['yes', 'no']),
    signups: z.enum(['all', 'with_trafficsource', 'none']),
    logged_out_search: z.enum(['all', 'none']),
    logged_out_search_trafficsource: z.enum(['all', 'none']),
    push_public_key: text().nullable(),
    minimum_message_costs: z.array(MinimumMessageCostSchema),
    support_phone: text(),
    support_email: text(),
    niche: z.number().int().min(1).max(7),
    fictional_icon: text(),
    fictional_warning: text(),
    fictional_singular: text(),
    fictional_plural: text(),
    refund_days: z.number().int().nonnegative(),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
    visible_profile_notes: z.record(text(), text()),
    search_fields: z.array(z.enum(SEARCH_FIELDS)),
    message_credits: z.number().int().nonnegative(),
    photo_credits: z.number().int().nonnegative(),
    gift_credits: z.number().int().nonnegative(),
    signup_credits: z.number().int().nonnegative(),
    message_length: z.number().int().positive().describe('characters'),
    member_resell: z.boolean(),
    company_id: z.number().int(),
    mail_name: text(),
    languages: z.array(z.enum(ALL_LOCALES)).describe('languages the site shows (DECISIONS.md)'),
    us_footer: z.boolean().describe('show the United States footer variant in English'),
    logo_url: text().nullable().describe("the site's logo (PNG under cdn_prefix); null: the name as text"),
    colors: z
      .object({ primary: text().nullable(), secondary: text().nullable() })
      .describe("the site's own colours (#rrggbb), null for the theme's"),
    tags: z
      .array(SiteTagSchema)
      .describe("the site's third-party tags, loaded only after the visitor's consent to their category"),
    error_reporting_dsn: text()
      .nullable()
      .describe("the deployment's public error-reporting DSN, used only after the visitor's statistics consent"),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof SettingsSchema>;

/** Query of GET /api/settings.php: the client's route, passed through. */
export const SettingsQuerySchema = z.object({
  route: text().optional(),
  domain: text().optional(),
  lang: text()
    .optional()
    .describe("language of the site texts (the client's interface language); else the request's locale"),
});

/** Company info of SPEC.md section 3, GET /api/companyinfo.php. */
export const CompanyInfoSchema = z
  .object({
    name: text(),
    address: text(),
    kvk: text(),
    city: text(),
    country: text(),
    tradenames: z.array(text()),
    vat_numbers: z.array(text()),
    support_phone: text(),
    delete_discount: z.number().int().describe('percent offered to stay when deleting'),
    added: text().describe('ISO 8601 date the company was added'),
  })
  .meta({ id: 'CompanyInfo' });
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

export const RegionSchema = z.object({ code: text(), name: text() });
/** GET /api/regions.php: regions per country code. */
export const RegionsResponseSchema = z.record(text(), z.array(RegionSchema)).meta({ id: 'Regions' });
export type Region = z.infer<typeof RegionSchema>;
