import { z } from 'zod';
import { PROFILE_FIELDS, SEARCH_FIELDS } from './enums.js';
import { ALL_LOCALES } from './locales.js';

export const MinimumMessageCostSchema = z.object({
  country: z.string().length(2),
  costs: z.number().int().nonnegative().describe('credits'),
  currency: z.string().length(3),
});

/** The settings of one site, SPEC.md section 3, as GET /api/settings.php answers them. */
export const SettingsSchema = z
  .object({
    name: z.string(),
    domain: z.string(),
    domain_language: z.string(),
    index_title: z.string(),
    description: z.string(),
    cdn_prefix: z.string().describe('prefix of every photo path, ends with /'),
    countries: z.array(z.string().length(2)),
    geoip_country: z.string().nullable(),
    geoip_selected_country: z.string(),
    enable_site_entry_popup: z.enum(['yes', 'no']),
    signups: z.enum(['all', 'with_trafficsource', 'none']),
    logged_out_search: z.enum(['all', 'none']),
    logged_out_search_trafficsource: z.enum(['all', 'none']),
    push_public_key: z.string().nullable(),
    minimum_message_costs: z.array(MinimumMessageCostSchema),
    support_phone: z.string(),
    support_email: z.string(),
    niche: z.number().int().min(1).max(7),
    fictional_icon: z.string(),
    fictional_warning: z.string(),
    fictional_singular: z.string(),
    fictional_plural: z.string(),
    refund_days: z.number().int().nonnegative(),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
    visible_profile_notes: z.record(z.string(), z.string()),
    search_fields: z.array(z.enum(SEARCH_FIELDS)),
    message_credits: z.number().int().nonnegative(),
    photo_credits: z.number().int().nonnegative(),
    gift_credits: z.number().int().nonnegative(),
    signup_credits: z.number().int().nonnegative(),
    message_length: z.number().int().positive().describe('characters'),
    member_resell: z.boolean(),
    company_id: z.number().int(),
    mail_name: z.string(),
    languages: z.array(z.enum(ALL_LOCALES)).describe('languages the site shows (DECISIONS.md)'),
    us_footer: z.boolean().describe('show the United States footer variant in English'),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof SettingsSchema>;

/** Query of GET /api/settings.php: the client's route, passed through. */
export const SettingsQuerySchema = z.object({ route: z.string().optional(), domain: z.string().optional() });

/** Company info of SPEC.md section 3, GET /api/companyinfo.php. */
export const CompanyInfoSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    kvk: z.string(),
    city: z.string(),
    country: z.string(),
    tradenames: z.array(z.string()),
    vat_numbers: z.array(z.string()),
    support_phone: z.string(),
    delete_discount: z.number().int().describe('percent offered to stay when deleting'),
    added: z.string().describe('ISO 8601 date the company was added'),
  })
  .meta({ id: 'CompanyInfo' });
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

export const RegionSchema = z.object({ code: z.string(), name: z.string() });
/** GET /api/regions.php: regions per country code. */
export const RegionsResponseSchema = z.record(z.string(), z.array(RegionSchema)).meta({ id: 'Regions' });
export type Region = z.infer<typeof RegionSchema>;
