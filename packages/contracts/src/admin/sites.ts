/**
 * Wire shapes of the back office: sites (issue: back office II). Create a site, edit every setting
 * of SPEC.md 3 (Settings) that is a column of `sites`, its look (logo, colours), its prices and its
 * company (SPEC.md 3 Company info). Paths live under /api/admin/. Refinement messages are catalogue
 * keys (`admin-sites:issues.<key>`), so a field error reads in the staff's language.
 */
import { z } from 'zod';
import { PROFILE_FIELDS, SEARCH_FIELDS } from '../enums.js';
import { ALL_LOCALES } from '../locales.js';
import { SITE_TAG_KINDS, SiteTagSchema } from '../public-site.js';
import { SITE_TEXT_FIELDS } from '../settings.js';
import { text } from '../text.js';
import { contrastWithWhite, isCountryCode, isCurrencyCode, isVatNumber, MIN_CONTRAST } from './site-rules.js';

export { contrastWithWhite, isCountryCode, isCurrencyCode, isVatNumber, MIN_CONTRAST } from './site-rules.js';

/** The languages every site must offer (DECISIONS.md Languages: nl, en, de and fr are always available). */
export const REQUIRED_SITE_LANGUAGES = ['nl', 'en', 'de', 'fr'] as const;
/** Largest logo file accepted, in bytes (before re-encoding). */
export const MAX_LOGO_BYTES = 512 * 1024;
/** The box a logo is shrunk into, in pixels (never enlarged). */
export const LOGO_BOX = { width: 480, height: 160 } as const;
/** Largest credit cost of one message, photo, gift or signup bonus, in credits. */
export const MAX_SITE_CREDITS = 10_000;
/** Most third-party tags one site loads (issue: public site, consent). */
export const MAX_SITE_TAGS = 10;

/** A lower-case host name: labels of letters, digits and hyphens, no leading or trailing hyphen. */
const HOST_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;
/** `#rrggbb`. */
const HEX_COLOR = /^#[0-9a-f]{6}$/;
/** A language tag as domain_language holds it: `nl-NL`. */
const LANGUAGE_TAG = /^[a-z]{2}-[A-Z]{2}$/;
/** A phone number as people write it: digits, spaces, hyphens, brackets, an optional leading +. */
const PHONE = /^\+?[0-9][0-9 ()-]{4,28}[0-9]$/;

/** A text field: trimmed, not empty, at most `max` characters. */
const required = (max: number) => text().trim().min(1, 'required').max(max, 'too_long');
/** A whole number of credits, 0 to MAX_SITE_CREDITS. */
const credits = () => z.number().int('whole_number').min(0, 'not_negative').max(MAX_SITE_CREDITS, 'too_large');
/** A list without repeats. */
const unique = <T extends z.ZodType>(item: T) =>
  z.array(item).refine((list) => new Set(list).size === list.length, 'duplicates');

export const SiteDomainField = text()
  .trim()
  .toLowerCase()
  .refine((v) => HOST_NAME.test(v) && !/^\d+(\.\d+)*$/.test(v), 'domain_invalid');
/** An origin `https://host[:port]` without path or trailing slash; empty or null for none. */
export const PublicUrlField = text()
  .trim()
  .max(200, 'too_long')
  .refine((v) => v === '' || /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(v), 'public_url_invalid')
  .transform((v) => v || null)
  .nullable();
export const ColorField = text()
  .trim()
  .toLowerCase()
  .refine((v) => HEX_COLOR.test(v), 'color_invalid')
  // White text sits on the site's colours (buttons, the header): they must stay readable (WCAG AA).
  .refine((v) => !HEX_COLOR.test(v) || contrastWithWhite(v) >= MIN_CONTRAST, 'color_contrast')
  .nullable();
export const SiteColorsSchema = z.object({ primary: ColorField, secondary: ColorField });
export type SiteColors = z.infer<typeof SiteColorsSchema>;
export const SiteLanguagesField = unique(z.enum(ALL_LOCALES)).refine(
  (list) => REQUIRED_SITE_LANGUAGES.every((l) => list.includes(l)),
  'languages_required',
);
export const DomainLanguageField = text()
  .trim()
  .refine((v) => LANGUAGE_TAG.test(v), 'language_tag_invalid');
export const CountryField = text()
  .trim()
  .toUpperCase()
  .refine((v) => isCountryCode(v), 'country_invalid');
export const NicheField = z.number().int().min(1, 'niche_range').max(7, 'niche_range');
export const PhoneField = text()
  .trim()
  .refine((v) => PHONE.test(v), 'phone_invalid');

/** One price line of minimum_message_costs (SPEC.md 3): the cost in credits in one country and currency. */
export const MinimumMessageCostInputSchema = z.object({
  country: CountryField,
  costs: credits(),
  currency: text()
    .trim()
    .toUpperCase()
    .refine((v) => isCurrencyCode(v), 'currency_invalid'),
});
export const MinimumMessageCostsField = z
  .array(MinimumMessageCostInputSchema)
  .max(250)
  .refine((rows) => new Set(rows.map((r) => r.country)).size === rows.length, 'duplicate_country');

/**
 * Whether `value` is an absolute https URL a page may load a script from: host name present, no user
 * name or password, no spaces (its origin goes into the page's Content-Security-Policy).
 */
export function isTagUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** One third-party tag as staff enter it (contracts SiteTag): a known kind and an https URL. */
export const SiteTagInputSchema = z.object({
  kind: z.enum(SITE_TAG_KINDS, 'tag_kind_invalid'),
  src: text().trim().min(1, 'required').max(500, 'too_long').refine(isTagUrl, 'tag_url_invalid'),
});
/**
 * `sites.tags` as staff edit it: at most MAX_SITE_TAGS tags, each URL once. The public pages and the
 * member app load a tag only after the visitor consents to its kind's category (TAG_KIND_CATEGORY).
 */
export const SiteTagsField = z
  .array(SiteTagInputSchema)
  .max(MAX_SITE_TAGS, 'too_many_tags')
  .refine((tags) => new Set(tags.map((t) => t.src)).size === tags.length, 'duplicates');

/** Longest address of a lander video or its poster, in characters. */
export const MAX_LANDER_MEDIA_URL = 500;
/** File types of a lander video (issue: public site, video landers): what every current browser plays. */
export const LANDER_VIDEO_EXTENSIONS = ['webm', 'mp4'] as const;
/** File types of a lander video's poster image. */
export const LANDER_POSTER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/** A site-relative path: `/` and segments of unreserved characters; so no empty segment, backslash, `%`, query or fragment. */
const SITE_PATH = /^(\/[A-Za-z0-9._~+-]+)+$/;

/**
 * Whether `value` is where a video lander may load its video or poster from: a site-relative path
 * (`/media/clip.webm`; never `//`, a backslash or `..`, which could point a browser at another host or
 * out of the folder) or an absolute https URL without user name or password (its origin goes into the
 * site's Content-Security-Policy), its path ending in one of `extensions` (lower-case, without dot).
 * An https URL may carry a query (signed CDN addresses).
 */
export function isLanderMediaUrl(value: string, extensions: readonly string[]): boolean {
  if (/[\s\\]/.test(value) || value.includes('..')) return false;
  const endsRight = (path: string) => extensions.some((ext) => path.toLowerCase().endsWith(`.${ext}`));
  if (value.startsWith('/')) return SITE_PATH.test(value) && endsRight(value);
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      endsRight(url.pathname)
    );
  } catch {
    return false;
  }
}

/** A lander video or poster address: empty for none (stored as null), else isLanderMediaUrl. */
const landerMediaField = (extensions: readonly string[], message: string) =>
  text()
    .trim()
    .max(MAX_LANDER_MEDIA_URL, 'too_long')
    .refine((v) => v === '' || isLanderMediaUrl(v, extensions), message)
    .transform((v) => v || null)
    .nullable();
/** `sites.lander_video_url`: the video landers' video (.webm or .mp4); null plays the shipped demo clip. */
export const LanderVideoUrlField = landerMediaField(LANDER_VIDEO_EXTENSIONS, 'lander_video_invalid');
/** `sites.lander_video_poster`: the image shown before the video plays (.jpg, .jpeg, .png or .webp). */
export const LanderVideoPosterField = landerMediaField(LANDER_POSTER_EXTENSIONS, 'lander_poster_invalid');

/**
 * The field a lander video setting lacks: a video needs its poster and a poster its video (both set
 * or both empty; an empty text counts as empty). Null when the pair is whole.
 */
export function landerVideoPairGap(pair: {
  lander_video_url?: string | null | undefined;
  lander_video_poster?: string | null | undefined;
}): 'lander_video_url' | 'lander_video_poster' | null {
  const hasVideo = Boolean(pair.lander_video_url?.trim());
  const hasPoster = Boolean(pair.lander_video_poster?.trim());
  if (hasVideo === hasPoster) return null;
  return hasVideo ? 'lander_video_poster' : 'lander_video_url';
}

/** One site text in each language; the nl one lives in the column (SPEC.md 3, DECISIONS.md Languages). */
const LocalizedTextInput = (max: number) => z.partialRecord(z.enum(ALL_LOCALES), text().trim().max(max, 'too_long'));
/** `sites.texts` as staff edit it (contracts SiteTexts), with lengths. */
export const SiteTextsInputSchema = z.object({
  index_title: LocalizedTextInput(200).optional(),
  description: LocalizedTextInput(1000).optional(),
  fictional_singular: LocalizedTextInput(60).optional(),
  fictional_plural: LocalizedTextInput(60).optional(),
  fictional_warning: LocalizedTextInput(300).optional(),
  visible_profile_notes: z.partialRecord(z.enum(PROFILE_FIELDS), LocalizedTextInput(300)).optional(),
});

/**
 * Every setting of SPEC.md 3 that staff edit, each optional: PUT /api/admin/site.php changes only the
 * fields sent. `is_default: true` makes this site the default one (the others lose it).
 */
export const SiteSettingsInputSchema = z.object({
  domain: SiteDomainField,
  public_url: PublicUrlField,
  is_default: z.literal(true),
  company_id: z.number().int().positive(),
  name: required(100),
  domain_language: DomainLanguageField,
  index_title: required(200),
  description: required(1000),
  cdn_prefix: text()
    .trim()
    .max(200, 'too_long')
    .refine((v) => /^(\/|https:\/\/[a-z0-9.-]+\/)([A-Za-z0-9._~-]+\/)*$/i.test(v), 'cdn_prefix_invalid'),
  countries: unique(CountryField).refine((l) => l.length >= 1, 'required'),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  signups: z.enum(['all', 'with_trafficsource', 'none']),
  logged_out_search: z.enum(['all', 'none']),
  logged_out_search_trafficsource: z.enum(['all', 'none']),
  minimum_message_costs: MinimumMessageCostsField,
  support_phone: PhoneField,
  support_email: z.email('email_invalid').max(254, 'too_long'),
  niche: NicheField,
  fictional_icon: required(16),
  // DECISIONS.md: the fictional label can never be hidden, so its texts are never empty.
  fictional_warning: required(300),
  fictional_singular: required(60),
  fictional_plural: required(60),
  refund_days: z.number().int('whole_number').min(0, 'not_negative').max(365, 'too_large'),
  visible_profile_fields: unique(z.enum(PROFILE_FIELDS)),
  visible_profile_notes: z.partialRecord(z.enum(PROFILE_FIELDS), text().trim().max(300, 'too_long')),
  search_fields: unique(z.enum(SEARCH_FIELDS)),
  message_credits: credits(),
  photo_credits: credits(),
  gift_credits: credits(),
  signup_credits: credits(),
  message_length: z.number().int('whole_number').min(1, 'too_small').max(10_000, 'too_large'),
  member_resell: z.boolean(),
  mail_name: required(100),
  languages: SiteLanguagesField,
  us_footer: z.boolean(),
  auto_approve_photos: z.boolean(),
  texts: SiteTextsInputSchema,
  colors: SiteColorsSchema,
  tags: SiteTagsField,
  lander_video_url: LanderVideoUrlField,
  lander_video_poster: LanderVideoPosterField,
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInputSchema>;

/**
 * PUT /api/admin/site.php: `{ id, ...changes }`; at least one change. A lander video and its poster
 * sent together must both be set or both be empty (field error `lander_video_pair` on the empty one);
 * one sent alone is checked against the stored other (services/site-admin/update-site.ts).
 */
export const AdminSiteUpdateBodySchema = SiteSettingsInputSchema.partial()
  .extend({ id: z.number().int().positive() })
  .refine((body) => Object.keys(body).length > 1, 'no_changes')
  .superRefine((body, ctx) => {
    if (body.lander_video_url === undefined || body.lander_video_poster === undefined) return;
    const gap = landerVideoPairGap(body);
    if (gap) ctx.addIssue({ code: 'custom', message: 'lander_video_pair', path: [gap] });
  });
export type AdminSiteUpdateBody = z.infer<typeof AdminSiteUpdateBodySchema>;

/** Company info of SPEC.md 3 as staff edit it; `added` an ISO date (YYYY-MM-DD). */
export const CompanyInputSchema = z.object({
  name: required(200),
  address: required(300),
  kvk: text()
    .trim()
    .refine((v) => /^[0-9A-Za-z]{4,20}$/.test(v), 'kvk_invalid'),
  city: required(100),
  country: CountryField,
  tradenames: z.array(required(200)).max(20),
  vat_numbers: unique(
    text()
      .trim()
      .toUpperCase()
      .transform((v) => v.replace(/[\s.-]/g, ''))
      .refine((v) => isVatNumber(v), 'vat_invalid'),
  ).refine((l) => l.length <= 20, 'too_large'),
  support_phone: PhoneField,
  delete_discount: z.number().int('whole_number').min(0, 'not_negative').max(100, 'too_large'),
  added: z.iso.date('date_invalid'),
});
export type CompanyInput = z.infer<typeof CompanyInputSchema>;

/** PUT /api/admin/company.php: `{ id, ...changes }`. */
export const AdminCompanyUpdateBodySchema = CompanyInputSchema.partial()
  .extend({ id: z.number().int().positive() })
  .refine((body) => Object.keys(body).length > 1, 'no_changes');

/**
 * POST /api/admin/sites.php: a new site. Its company is an existing one (`company_id`) or a new one
 * (`company`), exactly one of them. Settings not given are copied from the default site; the new site
 * gets copies of the default site's active packages, gifts and welcome and time-bonus codes.
 */
export const AdminSiteCreateBodySchema = z
  .object({
    domain: SiteDomainField,
    public_url: PublicUrlField.optional(),
    name: required(100),
    languages: SiteLanguagesField,
    domain_language: DomainLanguageField,
    niche: NicheField,
    company_id: z.number().int().positive().optional(),
    company: CompanyInputSchema.optional(),
    colors: SiteColorsSchema.optional(),
  })
  .refine((b) => (b.company_id === undefined) !== (b.company === undefined), {
    message: 'company_required',
    path: ['company_id'],
  })
  .refine((b) => b.languages.includes(b.domain_language.slice(0, 2) as (typeof ALL_LOCALES)[number]), {
    message: 'domain_language_not_offered',
    path: ['domain_language'],
  });
export type AdminSiteCreateBody = z.infer<typeof AdminSiteCreateBodySchema>;

/** PUT /api/admin/site-logo.php: the logo as base64 (PNG, JPEG or WebP, at most MAX_LOGO_BYTES), or null to remove it. */
export const AdminSiteLogoBodySchema = z.object({
  id: z.number().int().positive(),
  image: text()
    .max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 4, 'logo_too_large')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'logo_invalid')
    .nullable(),
});

/** `?id=`: a site's or company's id. */
export const AdminSiteIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** Company info as the back office shows it, with its id and the number of sites it runs. */
export const AdminCompanySchema = z
  .object({
    id: z.number().int(),
    name: text(),
    address: text(),
    kvk: text(),
    city: text(),
    country: text(),
    tradenames: z.array(text()),
    vat_numbers: z.array(text()),
    support_phone: text(),
    delete_discount: z.number().int(),
    added: text(),
    site_count: z.number().int(),
  })
  .meta({ id: 'AdminCompany' });
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompanyListSchema = z.array(AdminCompanySchema).meta({ id: 'AdminCompanyList' });

/** One site in the back office's list. */
export const AdminSiteRowSchema = z.object({
  id: z.number().int(),
  domain: text(),
  name: text(),
  niche: z.number().int(),
  is_default: z.boolean(),
  company_id: z.number().int(),
  company_name: text(),
  languages: z.array(text()),
  member_count: z.number().int(),
  logo_url: text().nullable(),
});
export type AdminSiteRow = z.infer<typeof AdminSiteRowSchema>;
export const AdminSiteListSchema = z.array(AdminSiteRowSchema).meta({ id: 'AdminSiteList' });

/** Every setting of a site as staff edit it (the nl columns, `texts` per language), its look and company. */
export const AdminSiteSchema = z
  .object({
    id: z.number().int(),
    domain: text(),
    public_url: text().nullable(),
    is_default: z.boolean(),
    company_id: z.number().int(),
    name: text(),
    domain_language: text(),
    index_title: text(),
    description: text(),
    cdn_prefix: text(),
    countries: z.array(text()),
    enable_site_entry_popup: z.enum(['yes', 'no']),
    signups: z.enum(['all', 'with_trafficsource', 'none']),
    logged_out_search: z.enum(['all', 'none']),
    logged_out_search_trafficsource: z.enum(['all', 'none']),
    minimum_message_costs: z.array(z.object({ country: text(), costs: z.number().int(), currency: text() })),
    support_phone: text(),
    support_email: text(),
    niche: z.number().int(),
    fictional_icon: text(),
    fictional_warning: text(),
    fictional_singular: text(),
    fictional_plural: text(),
    refund_days: z.number().int(),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
    visible_profile_notes: z.record(text(), text()),
    search_fields: z.array(z.enum(SEARCH_FIELDS)),
    message_credits: z.number().int(),
    photo_credits: z.number().int(),
    gift_credits: z.number().int(),
    signup_credits: z.number().int(),
    message_length: z.number().int(),
    member_resell: z.boolean(),
    mail_name: text(),
    languages: z.array(z.enum(ALL_LOCALES)),
    us_footer: z.boolean(),
    auto_approve_photos: z.boolean(),
    texts: z.object({
      ...Object.fromEntries(SITE_TEXT_FIELDS.map((f) => [f, z.record(text(), text()).optional()])),
      visible_profile_notes: z.record(text(), z.record(text(), text())).optional(),
    }),
    logo_url: text().nullable(),
    colors: z.object({ primary: text().nullable(), secondary: text().nullable() }),
    tags: z.array(SiteTagSchema),
    lander_video_url: text().nullable(),
    lander_video_poster: text().nullable(),
    company: AdminCompanySchema,
    member_count: z.number().int(),
    created_at: text(),
  })
  .meta({ id: 'AdminSite' });
export type AdminSite = z.infer<typeof AdminSiteSchema>;
