import {
  type AdminSiteCreateBody,
  catalogueText,
  compactTexts,
  PROFILE_FIELDS,
  SEARCH_FIELDS,
  TIME_BONUS,
  WELCOME_CODE,
  WELCOME_DISCOUNT_PERCENTAGE,
} from '@app/contracts';
import type { ShopTemplate, SiteInsert } from '../../db/repositories/site-admin.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { DEMO_PACKAGES } from '../../seed/money.js';
import { GIFT_DESIGNS, giftImagePath } from '../chat/gift-catalogue.js';
import { demoGiftTexts } from '../chat/gift-names.js';

/** Settings a new site takes when there is no default site to copy (SPEC.md 3; the demo site's values). */
const BUILT_IN: Omit<
  SiteInsert,
  'domain' | 'company_id' | 'name' | 'languages' | 'domain_language' | 'niche' | 'mail_name'
> = {
  description: 'Ontmoet nieuwe mensen bij jou in de buurt.',
  index_title: '',
  cdn_prefix: '/photos/',
  countries: ['NL', 'BE', 'DE', 'AT'],
  enable_site_entry_popup: 'yes',
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'none',
  minimum_message_costs: [],
  support_phone: '+31 20 000 00 00',
  support_email: 'support@example.com',
  fictional_icon: '🎭',
  fictional_warning: 'Dit is een fictief profiel: fysiek contact is niet mogelijk.',
  fictional_singular: 'fictief profiel',
  fictional_plural: 'fictieve profielen',
  refund_days: 14,
  visible_profile_fields: [...PROFILE_FIELDS],
  visible_profile_notes: {},
  texts: {},
  search_fields: [...SEARCH_FIELDS],
  message_credits: 10,
  photo_credits: 15,
  gift_credits: 25,
  signup_credits: 20,
  message_length: 1000,
  member_resell: false,
  us_footer: false,
  auto_approve_photos: false,
};

/**
 * The row of a new site (issue: back office II): what staff chose (domain, name, languages,
 * domain_language, niche, company, colours), every other setting copied from the default site (else
 * the built-in values). The title is the new name (its translations dropped, so every language shows
 * it until staff write their own); the mail sender name is the new name too.
 */
export function newSiteValues(body: AdminSiteCreateBody, companyId: number, template: SiteRow | null): SiteInsert {
  const base = template ?? { ...BUILT_IN, push_public_key: null };
  const { index_title: _title, ...texts } = base.texts ?? {};
  return {
    ...BUILT_IN,
    description: base.description,
    cdn_prefix: base.cdn_prefix,
    countries: base.countries,
    enable_site_entry_popup: base.enable_site_entry_popup,
    signups: base.signups,
    logged_out_search: base.logged_out_search,
    logged_out_search_trafficsource: base.logged_out_search_trafficsource,
    push_public_key: base.push_public_key,
    minimum_message_costs: base.minimum_message_costs,
    support_phone: base.support_phone,
    support_email: base.support_email,
    fictional_icon: base.fictional_icon,
    fictional_warning: base.fictional_warning,
    fictional_singular: base.fictional_singular,
    fictional_plural: base.fictional_plural,
    refund_days: base.refund_days,
    visible_profile_fields: base.visible_profile_fields,
    visible_profile_notes: base.visible_profile_notes,
    search_fields: base.search_fields,
    message_credits: base.message_credits,
    photo_credits: base.photo_credits,
    gift_credits: base.gift_credits,
    signup_credits: base.signup_credits,
    message_length: base.message_length,
    member_resell: base.member_resell,
    us_footer: base.us_footer,
    auto_approve_photos: base.auto_approve_photos,
    texts,
    domain: body.domain,
    public_url: body.public_url ?? null,
    is_default: false,
    company_id: companyId,
    name: body.name,
    index_title: body.name,
    mail_name: body.name,
    languages: body.languages,
    domain_language: body.domain_language,
    niche: body.niche,
    colors: colorsValue(body.colors),
    logo: null,
  };
}

/**
 * What a new site sells: `copied` (the default site's active packages, gifts and welcome and
 * time-bonus codes), each part that is empty filled from the demo shop (seed/money.ts, the gift
 * catalogue), so a new site always sells at once (SPEC.md 2 /credits; 9 welcome discount, time bonus).
 * Gift names keep every language; `name` becomes the new site's language `siteLng` (its text there,
 * else the copied name).
 */
export function newSiteShop(copied: ShopTemplate | null, siteLng: string): ShopTemplate {
  const packages = copied?.packages.length
    ? copied.packages
    : DEMO_PACKAGES.map((p, i) => ({ ...p, currency: 'EUR', position: i }));
  const gifts = copied?.gifts.length
    ? copied.gifts.map((g) => {
        const name = catalogueText(g.names, siteLng, siteLng, g.name);
        return { ...g, name, names: compactTexts({ ...g.names, [siteLng]: name }) };
      })
    : GIFT_DESIGNS.map((g, i) => ({
        ...demoGiftTexts(g.key, g.name, siteLng),
        image: giftImagePath(g.key),
        credits: g.credits,
        position: i,
      }));
  const kinds = new Set(copied?.codes.map((c) => c.kind));
  const codes = [...(copied?.codes ?? [])];
  if (!kinds.has('welcome')) {
    codes.push({
      code: WELCOME_CODE,
      kind: 'welcome',
      value_percentage: WELCOME_DISCOUNT_PERCENTAGE,
      validity: 'once_per_user',
      paymentmethods: [],
    });
  }
  if (!kinds.has('time_bonus')) {
    codes.push({
      code: TIME_BONUS.code,
      kind: 'time_bonus',
      value_percentage: TIME_BONUS.value_percentage,
      validity: TIME_BONUS.validity,
      paymentmethods: [],
    });
  }
  return { packages, gifts, codes };
}

/** `sites.colors` of the colours staff chose: a colour that is null (the theme's) is left out. */
export function colorsValue(colors: { primary: string | null; secondary: string | null } | undefined): {
  primary?: string;
  secondary?: string;
} {
  return {
    ...(colors?.primary ? { primary: colors.primary } : {}),
    ...(colors?.secondary ? { secondary: colors.secondary } : {}),
  };
}
