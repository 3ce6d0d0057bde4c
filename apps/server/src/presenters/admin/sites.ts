import type { AdminCompany, AdminSite, AdminSiteRow } from '@app/contracts';
import type { SiteListEntry } from '../../services/site-admin/list-admin-sites.js';
import type { CompanyView, SiteAdminView } from '../../services/site-admin/site-view.js';
import { siteLogoUrl } from '../settings.js';

/** A company as the back office shows it (SPEC.md 3 Company info, with its id and site count). */
export function presentAdminCompany(c: CompanyView): AdminCompany {
  return {
    id: c.id,
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
    site_count: c.site_count,
  };
}

/** A site of the back office's list. */
export function presentAdminSiteRow(entry: SiteListEntry): AdminSiteRow {
  const { site } = entry;
  return {
    id: site.id,
    domain: site.domain,
    name: site.name,
    niche: site.niche,
    is_default: site.is_default,
    company_id: site.company_id,
    company_name: entry.companyName,
    languages: site.languages,
    member_count: entry.memberCount,
    logo_url: siteLogoUrl(site),
  };
}

/**
 * Every setting of a site as staff edit it: the nl columns, `texts` per language, look, tags, the video
 * landers' video and poster (null: the shipped demo clip) and company.
 */
export function presentAdminSite(view: SiteAdminView): AdminSite {
  const { site } = view;
  return {
    id: site.id,
    domain: site.domain,
    public_url: site.public_url,
    is_default: site.is_default,
    company_id: site.company_id,
    name: site.name,
    domain_language: site.domain_language,
    index_title: site.index_title,
    description: site.description,
    cdn_prefix: site.cdn_prefix,
    countries: site.countries,
    enable_site_entry_popup: site.enable_site_entry_popup as AdminSite['enable_site_entry_popup'],
    signups: site.signups as AdminSite['signups'],
    logged_out_search: site.logged_out_search as AdminSite['logged_out_search'],
    logged_out_search_trafficsource:
      site.logged_out_search_trafficsource as AdminSite['logged_out_search_trafficsource'],
    minimum_message_costs: site.minimum_message_costs,
    support_phone: site.support_phone,
    support_email: site.support_email,
    niche: site.niche,
    fictional_icon: site.fictional_icon,
    fictional_warning: site.fictional_warning,
    fictional_singular: site.fictional_singular,
    fictional_plural: site.fictional_plural,
    refund_days: site.refund_days,
    visible_profile_fields: site.visible_profile_fields as AdminSite['visible_profile_fields'],
    visible_profile_notes: site.visible_profile_notes,
    search_fields: site.search_fields as AdminSite['search_fields'],
    message_credits: site.message_credits,
    photo_credits: site.photo_credits,
    gift_credits: site.gift_credits,
    signup_credits: site.signup_credits,
    message_length: site.message_length,
    member_resell: site.member_resell,
    mail_name: site.mail_name,
    languages: site.languages as AdminSite['languages'],
    us_footer: site.us_footer,
    auto_approve_photos: site.auto_approve_photos,
    texts: (site.texts ?? {}) as AdminSite['texts'],
    logo_url: siteLogoUrl(site),
    colors: { primary: site.colors.primary ?? null, secondary: site.colors.secondary ?? null },
    tags: site.tags,
    lander_video_url: site.lander_video_url,
    lander_video_poster: site.lander_video_poster,
    company: presentAdminCompany(view.company),
    member_count: view.memberCount,
    created_at: site.created_at.toISOString(),
  };
}
