import type { CompanyInfo, MemberCard } from '@app/contracts';

/**
 * What the public pages know of the visitor's site, in the page's language (the server builds it from
 * the site row through presentSettings): issue "public site", SPEC.md 3 Settings.
 */
export interface PublicSite {
  id: number;
  name: string;
  /** Host name the site answers on (SPEC.md 3 `domain`). */
  domain: string;
  /** The site's own origin, `https://example.com` (links, canonical URLs, sitemap). */
  origin: string;
  /** Languages the site shows (DECISIONS.md: a site chooses; nl, en, de, fr always among them). */
  languages: string[];
  /** First two letters of domain_language: the language of the unqualified URLs. */
  defaultLanguage: string;
  /** Niche 1-7 (SPEC.md 9): selects the lander slug prefix and the profiles landers show. */
  niche: number;
  /** Slug prefix of the niche: '', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'. */
  nichePrefix: string;
  /** In the page's language. */
  index_title: string;
  description: string;
  /** The site's logo URL, or null to show its name as text. */
  logoUrl: string | null;
  /** CSS colours of the site's look. */
  primaryColor: string;
  secondaryColor: string;
  /** The fictional label (DECISIONS.md: always shown, never hidden by a setting), in the page's language. */
  fictional_icon: string;
  fictional_singular: string;
  fictional_plural: string;
  fictional_warning: string;
  support_email: string;
  /** Cleaned of hyphens and spaces (SPEC.md 5). */
  support_phone: string;
  refund_days: number;
  /** "yes"/"no"/…: SPEC.md 2 site-entry warning. */
  enable_site_entry_popup: string;
  signupsAllowed: boolean;
  loggedOutSearchAllowed: boolean;
  /** URL prefix of photos (SPEC.md 3 cdn_prefix); a photo's URL is cdn_prefix + filename. */
  cdn_prefix: string;
  us_footer: boolean;
}

/** Translates `key` of the public catalogue (locales/<lng>/public.json, nested keys with dots) with `{{name}}` values. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Where the visitor goes next: absolute paths on the site, tracking query kept. */
export interface PublicLinks {
  signup: string;
  login: string;
  home: string;
  /** The same page in another language (`?lang=xx`). */
  inLanguage: (lng: string) => string;
}

/** What every public page is rendered with. */
export interface PageContext {
  site: PublicSite;
  /** The page's language, one of site.languages. */
  lang: string;
  t: Translate;
  /** Path of this page without query, `/landers/gallery`. */
  path: string;
  links: PublicLinks;
  company: CompanyInfo | null;
  /** A member is logged in (the header shows the member navigation instead of login and signup). */
  loggedIn: boolean;
  /** The logged-in member as the top navigation shows them (SPEC.md 2), or null for a visitor. */
  member: NavMember | null;
}

/** What the top navigation shows of the logged-in member (SPEC.md 2 "Top navigation (logged in)"). */
export interface NavMember {
  /** Profile name. */
  name: string;
  /** URL of the profile picture's thumbnail, or null for the person icon. */
  thumbUrl: string | null;
  paid_user: boolean;
  /** Credit balance (the badge shows at 10 or fewer, SPEC.md 2). */
  credits: number;
}

/** A profile as the public pages show it (the member card of the API). */
export type PublicProfile = MemberCard;

/** Head of a public page: SEO and link-preview tags. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** hreflang alternates: language → absolute URL; `x-default` included. */
  alternates: Record<string, string>;
  /** Absolute URL of the link-preview image. */
  image: string | null;
  /** Open Graph type: website, article, profile. */
  ogType: 'website' | 'article' | 'profile';
  /** schema.org objects, written as application/ld+json. */
  structuredData: object[];
  /** Robots directive; undefined = index, follow. */
  robots?: string;
}

/** Props every island gets beside its own: islands are the interactive parts hydrated in the browser. */
export type IslandName = 'consent' | 'site-entry' | 'signup-dialog' | 'swipe-deck' | 'video-player';
