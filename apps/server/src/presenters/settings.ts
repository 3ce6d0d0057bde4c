import {
  type CompanyInfo,
  localizeText,
  type Settings,
  type SiteTag,
  SiteTagSchema,
  type SiteTextField,
} from '@app/contracts';
import type { CompanyRow, SiteRow } from '../db/repositories/sites.js';

/**
 * The site's own texts in `lng` (SPEC.md 3; DECISIONS.md Languages): each of index_title, description,
 * fictional_singular, fictional_plural, fictional_warning and every visible_profile_notes entry is
 * `sites.texts[field][lng]`, else `sites.texts[field].nl`, else the nl column of the same name.
 */
export function siteTexts(
  site: Pick<SiteRow, SiteTextField | 'visible_profile_notes' | 'texts'>,
  lng: string,
): Pick<Settings, SiteTextField | 'visible_profile_notes'> {
  const texts = site.texts ?? {};
  const one = (field: SiteTextField) => localizeText(texts[field], lng, site[field]);
  const noteFields = new Set([
    ...Object.keys(site.visible_profile_notes),
    ...Object.keys(texts.visible_profile_notes ?? {}),
  ]);
  const notes: Record<string, string> = {};
  for (const field of noteFields) {
    const note = localizeText(texts.visible_profile_notes?.[field], lng, site.visible_profile_notes[field] ?? '');
    if (note) notes[field] = note;
  }
  return {
    index_title: one('index_title'),
    description: one('description'),
    fictional_singular: one('fictional_singular'),
    fictional_plural: one('fictional_plural'),
    fictional_warning: one('fictional_warning'),
    visible_profile_notes: notes,
  };
}

/**
 * The Settings of SPEC.md section 3 for a site, its texts in `lng` (nl when missing; `siteTexts`).
 * `geoipCountry` is the visitor's country when a proxy tells it (CF-IPCountry or X-Country-Code
 * header); the selected country is that country when the site serves it, else the site's first country.
 * `push_public_key` is `deploymentPushKey`, the deployment's VAPID public key (base64url): the key
 * the server signs every push with, so every site hands out that one (docs/decisions/013-notifications.md).
 * `tags` are the site's third-party tags (siteTags), which the member app loads after consent;
 * `errorReportingDsn` the deployment's public client DSN (SENTRY_CLIENT_DSN), which the member app
 * reports errors to after the visitor's statistics consent (docs/client.md).
 */
/** The visitor's selected country (SPEC.md 3): the proxy's country when the site serves it, else the site's first. */
export function selectedCountry(site: Pick<SiteRow, 'countries'>, geoipCountry: string | null): string {
  return geoipCountry && site.countries.includes(geoipCountry) ? geoipCountry : (site.countries[0] ?? 'NL');
}

export function presentSettings(
  site: SiteRow,
  geoipCountry: string | null,
  lng = 'nl',
  deploymentPushKey: string | null = null,
  errorReportingDsn: string | null = null,
): Settings {
  const texts = siteTexts(site, lng);
  const selected = selectedCountry(site, geoipCountry);
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domain_language,
    index_title: texts.index_title,
    description: texts.description,
    cdn_prefix: site.cdn_prefix,
    countries: site.countries,
    geoip_country: geoipCountry,
    geoip_selected_country: selected,
    enable_site_entry_popup: site.enable_site_entry_popup as Settings['enable_site_entry_popup'],
    signups: site.signups as Settings['signups'],
    logged_out_search: site.logged_out_search as Settings['logged_out_search'],
    logged_out_search_trafficsource:
      site.logged_out_search_trafficsource as Settings['logged_out_search_trafficsource'],
    push_public_key: deploymentPushKey,
    minimum_message_costs: site.minimum_message_costs,
    support_phone: site.support_phone,
    support_email: site.support_email,
    niche: site.niche,
    fictional_icon: site.fictional_icon,
    fictional_warning: texts.fictional_warning,
    fictional_singular: texts.fictional_singular,
    fictional_plural: texts.fictional_plural,
    refund_days: site.refund_days,
    visible_profile_fields: site.visible_profile_fields as Settings['visible_profile_fields'],
    visible_profile_notes: texts.visible_profile_notes,
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
    logo_url: siteLogoUrl(site),
    colors: { primary: site.colors.primary ?? null, secondary: site.colors.secondary ?? null },
    tags: siteTags(site),
    error_reporting_dsn: errorReportingDsn,
  };
}

/**
 * The site's third-party tags that are well formed (contracts SiteTag: a known kind, an https URL):
 * the back office accepts no other, and a row written some other way must not break the settings.
 */
export function siteTags(site: Pick<SiteRow, 'tags'>): SiteTag[] {
  return (site.tags ?? []).filter((tag) => SiteTagSchema.safeParse(tag).success);
}

/** The URL of the site's logo file under its cdn_prefix (issue: back office II); null without one. */
export function siteLogoUrl(site: Pick<SiteRow, 'logo' | 'cdn_prefix'>): string | null {
  return site.logo ? `${site.cdn_prefix}${site.logo}` : null;
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
