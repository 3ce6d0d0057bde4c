import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CompanyInfo,
  cleanPhone,
  isLoggedOutSearchAllowed,
  isSignupAllowed,
  nicheSlugPrefix,
  SITE_ENTRY_COUNTRIES,
  shownLanguages,
  siteLanguage,
} from '@app/contracts';
import { SIGNUP_RULE_TEXTS } from '@app/contracts/signup-form';
import {
  type Catalogue,
  type ConsentIslandProps,
  createTranslate,
  localeTag,
  type NavMember,
  type PageContext,
  type PageHead,
  type PublicSite,
  type SignupDialogProps,
  type SiteEntryProps,
} from '@app/public-site';
import { consentIslandProps } from '@app/public-site/consent';
import { type Config, ROOT_DIR } from '../config.js';
import type { SiteRow } from '../db/repositories/sites.js';
import type { NavMemberView } from '../services/public/nav-member.js';
import { siteOrigin } from '../services/sites/site-url.js';
import { selectedCountry, siteLogoUrl, siteTexts } from './settings.js';

/** The theme's colours (SPEC.md 9) when a site has none: they meet 4.5:1 with white text. */
const DEFAULT_PRIMARY = '#cd3c37';
const DEFAULT_SECONDARY = '#6d1a36';

const catalogues = new Map<string, Catalogue>();

/** Reads locales/<lng>/<ns>.json once (an empty catalogue when missing). */
export function loadCatalogue(lng: string, ns: string): Catalogue {
  const key = `${lng}/${ns}`;
  let found = catalogues.get(key);
  if (!found) {
    try {
      found = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', lng, `${ns}.json`), 'utf8')) as Catalogue;
    } catch {
      found = {};
    }
    catalogues.set(key, found);
  }
  return found;
}

function hexColour(value: string | undefined, fallback: string): string {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

/** The languages a site shows, as shipped locale codes (DECISIONS.md; contracts `shownLanguages`). */
export function siteLanguages(site: Pick<SiteRow, 'languages'>): string[] {
  return shownLanguages(site);
}

/** The language of a site's unqualified URLs: its domain_language when shown, else its first language. */
export function siteDefaultLanguage(site: Pick<SiteRow, 'languages' | 'domain_language'>): string {
  return siteLanguage(site);
}

/**
 * The page's language (issue: public site): `?lang=` when the site shows it, else the request's locale
 * (member language, locale cookie, Accept-Language, site language) when the site shows it, else the
 * site's default language.
 */
export function pageLanguage(site: SiteRow, queryLang: string | undefined, requestLocale: string): string {
  const languages = siteLanguages(site);
  if (queryLang && languages.includes(queryLang)) return queryLang;
  if (languages.includes(requestLocale)) return requestLocale;
  return siteDefaultLanguage(site);
}

/** The public pages' view of a site in `lng` (texts through siteTexts, colours checked, phone cleaned). */
export function publicSite(
  site: SiteRow,
  config: Pick<Config, 'publicUrl' | 'port'>,
  lng: string,
  hasTrafficSource: boolean,
): PublicSite {
  const texts = siteTexts(site, lng);
  return {
    id: site.id,
    name: site.name,
    domain: site.domain,
    origin: siteOrigin(site, config),
    languages: siteLanguages(site),
    defaultLanguage: siteDefaultLanguage(site),
    niche: site.niche,
    nichePrefix: nicheSlugPrefix(site.niche),
    index_title: texts.index_title,
    description: texts.description,
    logoUrl: siteLogoUrl(site),
    primaryColor: hexColour(site.colors.primary, DEFAULT_PRIMARY),
    secondaryColor: hexColour(site.colors.secondary, DEFAULT_SECONDARY),
    fictional_icon: site.fictional_icon,
    fictional_singular: texts.fictional_singular,
    fictional_plural: texts.fictional_plural,
    fictional_warning: texts.fictional_warning,
    support_email: site.support_email,
    support_phone: cleanPhone(site.support_phone),
    refund_days: site.refund_days,
    enable_site_entry_popup: site.enable_site_entry_popup,
    signupsAllowed: isSignupAllowed(site.signups as Parameters<typeof isSignupAllowed>[0], hasTrafficSource),
    loggedOutSearchAllowed: isLoggedOutSearchAllowed(site, hasTrafficSource),
    cdn_prefix: site.cdn_prefix,
    us_footer: site.us_footer,
  };
}

/** URL of `pathName` in `lng`: unqualified in the site's default language, else with `?lang=`. */
export function pageUrl(site: PublicSite, pathName: string, lng: string, absolute = true): string {
  const base = absolute ? `${site.origin}${pathName}` : pathName;
  return lng === site.defaultLanguage ? base : `${base}?lang=${lng}`;
}

/** Everything a public page is rendered with, for one request. */
export interface PublicRequest {
  site: SiteRow;
  /** Path without query. */
  path: string;
  queryLang: string | undefined;
  requestLocale: string;
  loggedIn: boolean;
  hasTrafficSource: boolean;
  /** Country a fronting proxy names (cf-ipcountry), or null. */
  geoipCountry: string | null;
  company: CompanyInfo | null;
  /** Where "sign up" leads (default /signup). */
  signupPath?: string;
  /** The logged-in member as the top navigation shows them, or null (SPEC.md 2). */
  member?: NavMember | null;
}

/**
 * The member of the public pages' top navigation (SPEC.md 2): profile name (else the e-mail's name),
 * the main photo's thumbnail on the site's cdn_prefix, premium state and credits.
 */
export function presentNavMember(site: Pick<SiteRow, 'cdn_prefix'>, view: NavMemberView): NavMember {
  const thumb = view.own?.main?.thumb_filename ?? null;
  return {
    name: view.own?.profile.name ?? view.user.email.split('@')[0] ?? '',
    thumbUrl: thumb ? (thumb.startsWith('/') ? thumb : `${site.cdn_prefix}${thumb}`) : null,
    paid_user: view.user.paid_user,
    credits: view.user.credits,
  };
}

/** Builds the PageContext of a public page (issue: public site). */
export function pageContext(config: Pick<Config, 'publicUrl' | 'port'>, request: PublicRequest): PageContext {
  const lang = pageLanguage(request.site, request.queryLang, request.requestLocale);
  const site = publicSite(request.site, config, lang, request.hasTrafficSource);
  const withLang = (target: string) => (lang === site.defaultLanguage ? target : `${target}?lang=${lang}`);
  return {
    site,
    lang,
    t: createTranslate(lang, loadCatalogue),
    path: request.path,
    links: {
      signup: request.signupPath ?? '/signup',
      login: '/login',
      home: withLang('/'),
      // Always with ?lang=, the site's language too: choosing it must also replace the stored choice.
      inLanguage: (lng) => `${request.path}?lang=${lng}`,
    },
    company: request.company,
    loggedIn: request.loggedIn,
    member: request.loggedIn ? (request.member ?? null) : null,
  };
}

/**
 * The site-entry warning's island props (SPEC.md 2): only for logged-out visitors whose selected
 * country is NL or DE, unless the site turns the warning off; null otherwise. The browser then checks
 * the installed-app mode and an earlier dismissal.
 */
export function siteEntryProps(ctx: PageContext, site: SiteRow, geoipCountry: string | null): SiteEntryProps | null {
  if (ctx.loggedIn || site.enable_site_entry_popup === 'no') return null;
  if (!(SITE_ENTRY_COUNTRIES as readonly string[]).includes(selectedCountry(site, geoipCountry).toUpperCase()))
    return null;
  const { t } = ctx;
  const s = ctx.site;
  return {
    title: t('siteEntry.title'),
    adults: t('siteEntry.adults', { site: s.name }),
    fictional: t('siteEntry.fictional', { plural: s.fictional_plural }),
    fictionalRules: t('siteEntry.fictionalRules', { singular: s.fictional_singular, site: s.name }),
    credits: t('siteEntry.credits'),
    accept: t('siteEntry.accept'),
    leave: t('siteEntry.leave'),
    close: t('actions.close'),
    fictional_icon: s.fictional_icon,
  };
}

/**
 * The signup dialog island's props (SPEC.md 2: signup opens a modal on desktop): the member app's signup
 * texts in the page's language, for visitors of a site whose signup is open to them; null otherwise (the
 * links then lead to the /signup page, which says why).
 */
export function signupDialogProps(ctx: PageContext): SignupDialogProps | null {
  if (ctx.loggedIn || !ctx.site.signupsAllowed) return null;
  const { t, site, lang } = ctx;
  const rules: Record<string, string> = {};
  for (const [key, values] of Object.entries(SIGNUP_RULE_TEXTS)) rules[key] = t(key, values);
  return {
    lang,
    locale: localeTag(lang).replace('_', '-'),
    rules,
    texts: {
      title: t('signup.title', { site: site.name }),
      intro: t('signup.intro'),
      close: t('actions.close'),
      email: t('access:signup.email'),
      name: t('access:signup.name'),
      password: t('access:signup.password'),
      dateOfBirth: t('access:signup.dateOfBirth'),
      day: t('access:signup.day'),
      month: t('access:signup.month'),
      year: t('access:signup.year'),
      termsBefore: t('access:signup.termsBefore'),
      terms: t('access:signup.terms'),
      and: t('access:signup.and'),
      privacy: t('access:signup.privacy'),
      submit: t('access:signup.submit'),
      loading: t('actions.loading'),
      haveAccount: t('signup.haveAccount'),
      login: t('nav.login'),
      general: t('errors:general'),
      network: t('errors:network'),
    },
  };
}

/** The consent banner island's props (packages/public-site/src/consent): texts and the site's tags. */
export function consentProps(ctx: PageContext, site: SiteRow): ConsentIslandProps {
  return consentIslandProps(ctx, site.tags);
}

/**
 * The head of a public page: title, description, canonical URL in the page's language, hreflang
 * alternates for each of the site's languages plus x-default (the site's default language).
 */
export function pageHead(
  ctx: PageContext,
  fields: Pick<PageHead, 'title' | 'description'> & Partial<Omit<PageHead, 'title' | 'description'>>,
): PageHead {
  const { site, path: pathName, lang } = ctx;
  const alternates: Record<string, string> = {};
  for (const lng of site.languages) alternates[lng] = pageUrl(site, pathName, lng);
  alternates['x-default'] = pageUrl(site, pathName, site.defaultLanguage);
  return {
    canonical: pageUrl(site, pathName, lang),
    alternates,
    image: null,
    ogType: 'website',
    structuredData: [],
    ...fields,
  };
}
