/**
 * The demo operator and its default site (SPEC.md 3, Settings and Company info). Values are plausible
 * but fictional: the KvK number, VAT number and phone numbers belong to no one.
 */
import { ALL_LOCALES, PROFILE_FIELDS, SEARCH_FIELDS } from '@app/contracts';
import type { companies, sites } from '../db/schema.js';
import { DEMO_SITE_TEXTS, demoSiteTexts } from './site-texts.js';

/** The operating company of the demo site. */
export const DEMO_COMPANY: typeof companies.$inferInsert = {
  name: 'Lokaal Media B.V.',
  address: 'Herengracht 420, 1017 BZ',
  kvk: '87654321',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Flirtlokaal', 'Flirtlokaal.nl'],
  vat_numbers: ['NL864213579B01'],
  support_phone: '+31 20 - 808 12 34',
  delete_discount: 50,
  added: '2023-06-01',
};

/** The one default site, served on localhost; the caller fills in `company_id`. */
export function demoSite(companyId: number): typeof sites.$inferInsert {
  return {
    domain: 'localhost',
    is_default: true,
    company_id: companyId,
    name: 'Flirtlokaal',
    domain_language: 'nl-NL',
    // The nl texts; `texts` holds them in all eleven languages (seed/site-texts.ts).
    index_title: DEMO_SITE_TEXTS.index_title.nl,
    description: DEMO_SITE_TEXTS.description.nl,
    cdn_prefix: '/photos/',
    countries: ['NL', 'BE', 'DE', 'AT'],
    enable_site_entry_popup: 'yes',
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'none',
    minimum_message_costs: ['NL', 'BE', 'DE', 'AT'].map((country) => ({ country, costs: 5, currency: 'EUR' })),
    support_phone: '+31 20 - 808 12 34',
    support_email: 'support@flirtlokaal.example',
    niche: 1,
    fictional_icon: '🎭',
    fictional_warning: DEMO_SITE_TEXTS.fictional_warning.nl,
    fictional_singular: DEMO_SITE_TEXTS.fictional_singular.nl,
    fictional_plural: DEMO_SITE_TEXTS.fictional_plural.nl,
    refund_days: 14,
    visible_profile_fields: [...PROFILE_FIELDS],
    visible_profile_notes: {
      description: DEMO_SITE_TEXTS.visible_profile_notes.description.nl,
      city: DEMO_SITE_TEXTS.visible_profile_notes.city.nl,
    },
    texts: demoSiteTexts(),
    search_fields: [...SEARCH_FIELDS],
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 25,
    signup_credits: 20,
    message_length: 1000,
    member_resell: false,
    mail_name: 'Flirtlokaal',
    languages: [...ALL_LOCALES],
    us_footer: false,
    auto_approve_photos: true,
  };
}
