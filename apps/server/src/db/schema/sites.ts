/** Operating companies, sites with their settings and texts, and page events. */
import type { SiteTag, SiteTexts } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Operating companies; a site names its company (SPEC.md 3, Company info). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: text('tradenames').array().notNull().default(sql`'{}'::text[]`),
  vat_numbers: text('vat_numbers').array().notNull().default(sql`'{}'::text[]`),
  support_phone: text('support_phone').notNull(),
  delete_discount: integer('delete_discount').notNull().default(0),
  added: date('added').notNull(),
});

/** One row per site (domain) with every setting of SPEC.md section 3. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    /**
     * Origin every outside link is built from (https://flirt.example, no trailing slash); null means
     * PUBLIC_URL for the default site, else https://<domain> (services/sites/site-url.ts). Never the request's Host.
     */
    public_url: text('public_url'),
    is_default: boolean('is_default').notNull().default(false),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    domain_language: text('domain_language').notNull().default('nl-NL'),
    index_title: text('index_title').notNull(),
    description: text('description').notNull(),
    cdn_prefix: text('cdn_prefix').notNull().default('/photos/'),
    countries: text('countries').array().notNull(),
    enable_site_entry_popup: text('enable_site_entry_popup').notNull().default('yes'),
    signups: text('signups').notNull().default('all'),
    logged_out_search: text('logged_out_search').notNull().default('all'),
    logged_out_search_trafficsource: text('logged_out_search_trafficsource').notNull().default('none'),
    push_public_key: text('push_public_key'),
    minimum_message_costs: jsonb('minimum_message_costs')
      .$type<{ country: string; costs: number; currency: string }[]>()
      .notNull()
      .default([]),
    support_phone: text('support_phone').notNull(),
    support_email: text('support_email').notNull(),
    niche: smallint('niche').notNull().default(1),
    fictional_icon: text('fictional_icon').notNull(),
    fictional_warning: text('fictional_warning').notNull(),
    fictional_singular: text('fictional_singular').notNull(),
    fictional_plural: text('fictional_plural').notNull(),
    refund_days: integer('refund_days').notNull().default(14),
    visible_profile_fields: text('visible_profile_fields').array().notNull(),
    /** nl note per profile field; translations in `texts.visible_profile_notes`. */
    visible_profile_notes: jsonb('visible_profile_notes').$type<Record<string, string>>().notNull().default({}),
    /**
     * The site's own texts per language, `{ [field]: { [lng]: string } }` (contracts SiteTexts): index_title,
     * description, fictional_singular, fictional_plural, fictional_warning and
     * `visible_profile_notes: { [profileField]: { [lng]: string } }`. The single-language columns above
     * stay the nl value and the last fallback; GET /api/settings.php answers the viewer's language.
     */
    texts: jsonb('texts').$type<SiteTexts>().notNull().default({}),
    search_fields: text('search_fields').array().notNull(),
    message_credits: integer('message_credits').notNull(),
    photo_credits: integer('photo_credits').notNull(),
    gift_credits: integer('gift_credits').notNull(),
    signup_credits: integer('signup_credits').notNull(),
    message_length: integer('message_length').notNull(),
    member_resell: boolean('member_resell').notNull().default(false),
    mail_name: text('mail_name').notNull(),
    languages: text('languages').array().notNull(),
    us_footer: boolean('us_footer').notNull().default(false),
    auto_approve_photos: boolean('auto_approve_photos').notNull().default(false),
    /** Risk score above which a member's new messages are held for review (issue: safer conversations). */
    risk_hold_threshold: doublePrecision('risk_hold_threshold').notNull().default(10),
    /**
     * Explicit score (0..1, nsfwjs porn + hentai) above which a photo is blurred for a chat's recipient
     * and waits for a moderator even with auto_approve_photos (issue: explicit photos).
     */
    explicit_photo_threshold: doublePrecision('explicit_photo_threshold').notNull().default(0.8),
    /** The site's look (issue: back office II): its logo's file in the photo store (null: the name as text). */
    logo: text('logo'),
    /** The site's colours as CSS hex values (`#rrggbb`): `primary` (buttons, links) and `secondary`. */
    colors: jsonb('colors').$type<{ primary?: string; secondary?: string }>().notNull().default({}),
    /**
     * Third-party tags (analytics, advertising, error reporting) the public and member pages load only
     * after the visitor's consent for the tag's category (issue: public site; contracts SiteTag).
     */
    tags: jsonb('tags').$type<SiteTag[]>().notNull().default([]),
    /** The video landers' video (an https or site-relative URL) and its poster image; null: the shipped demo video. */
    lander_video_url: text('lander_video_url'),
    lander_video_poster: text('lander_video_poster'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('sites_domain_key').on(t.domain),
    uniqueIndex('sites_one_default').on(t.is_default).where(sql`${t.is_default}`),
    check('sites_niche_range', sql`${t.niche} between 1 and 7`),
  ],
);

/**
 * A public page's text per site and language, written by staff (issue: public site): the legal pages
 * (`terms`, `privacy`, ...) override the shipped Markdown of locales/<lng>/pages/<slug>.md; any other
 * slug is a {token} page of SPEC.md 2, served at /<slug>. `body` is Markdown (raw HTML is not rendered).
 */
export const sitePages = pgTable(
  'site_pages',
  {
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    body: text('body').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff account that saved it last (null: a command or the seed). */
    updated_by: integer('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.slug, t.language] })],
);

/** Page-bounce log (SPEC.md 4: the lb query enables it): a page became hidden. */
export const pageEvents = pgTable('page_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  site_id: integer('site_id').notNull(),
  user_id: integer('user_id'),
  path: text('path').notNull(),
  tracking: jsonb('tracking').$type<Record<string, string>>(),
  seconds_visible: integer('seconds_visible'),
  created_at: createdAt(),
});
