import { z } from 'zod';
import { PROFILE_FIELDS, SEARCH_FIELDS } from './enums.js';
import { ALL_LOCALES } from './locales.js';
import { text } from './text.js';

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
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof SettingsSchema>;

/** Query of GET /api/settings.php: the client's route, passed through. */
export const SettingsQuerySchema = z.object({ route: text().optional(), domain: text().optional() });

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
