import type { CompanyInfo, Settings } from '@app/contracts';
import type { CompanyRow, SiteRow } from '../db/repositories/sites.js';

/**
 * The Settings of SPEC.md section 3 for a site. `geoipCountry` is the visitor's country when a
 * proxy tells it (CF-IPCountry or X-Country-Code header); the selected country is that country when
 * the site serves it, else the site's first country.
 */
export function presentSettings(site: SiteRow, geoipCountry: string | null): Settings {
  const selected = geoipCountry && site.countries.includes(geoipCountry) ? geoipCountry : (site.countries[0] ?? 'NL');
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domain_language,
    index_title: site.index_title,
    description: site.description,
    cdn_prefix: site.cdn_prefix,
    countries: site.countries,
    geoip_country: geoipCountry,
    geoip_selected_country: selected,
    enable_site_entry_popup: site.enable_site_entry_popup as Settings['enable_site_entry_popup'],
    signups: site.signups as Settings['signups'],
    logged_out_search: site.logged_out_search as Settings['logged_out_search'],
    logged_out_search_trafficsource:
      site.logged_out_search_trafficsource as Settings['logged_out_search_trafficsource'],
    push_public_key: site.push_public_key,
    minimum_message_costs: site.minimum_message_costs,
    support_phone: site.support_phone,
    support_email: site.support_email,
    niche: site.niche,
    fictional_icon: site.fictional_icon,
    fictional_warning: site.fictional_warning,
    fictional_singular: site.fictional_singular,
    fictional_plural: site.fictional_plural,
    refund_days: site.refund_days,
    visible_profile_fields: site.visible_profile_fields as Settings['visible_profile_fields'],
    visible_profile_notes: site.visible_profile_notes,
    search_fields: site.search_fields as Settings['search_fields'],
    message_credits: site.message_credits,
    photo_credits: site.photo_credits,
    gift_credits: site.gift_credits,
    signup_credits: site.signup_credits,
    message_length: site.message_length,
    member_resell: site.member_resell,
    company_id: site.company_id,
    mail_name: site.mail_name,
    languages: site.languages as Settings['languages'],
    us_footer: site.us_footer,
  };
}

/** Company info of SPEC.md section 3. */
export function presentCompany(c: CompanyRow): CompanyInfo {
  return {
    name: c.name,
    address: c.address,
    kvk: c.kvk,
    city: c.city,
    country: c.country,
    tradenames: c.tradenames,
    vat_numbers: c.vat_numbers,
    support_phone: c.support_phone,
    delete_discount: c.delete_discount,
    added: c.added,
  };
}
