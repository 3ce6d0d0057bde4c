import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_INFO,
  type LocaleCode,
  type Settings,
  SHIPPED_LOCALES,
} from '@app/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import nlCommon from '../../../../locales/nl/common.json';
import nlDiscovery from '../../../../locales/nl/discovery.json';
import { readCookie, writeCookie } from './cookies';

/** Namespaces of the web client; `errors` belongs to the server and is shared. */
export const NAMESPACES = [
  'common',
  'errors',
  'access',
  'profile',
  'discovery',
  'chat',
  'money',
  'billing',
  'notifications',
  'unsubscribe',
] as const;
/** A catalogue namespace of the web client (locales/<lng>/<namespace>.json). */
export type Namespace = (typeof NAMESPACES)[number];
/** Namespaces of the first download: the layouts and the member search (docs/client.md, client budget). */
const FIRST: readonly Namespace[] = ['common', 'discovery'];
/**
 * Namespaces most other screens share (errors, access, profile, chat): the router loads them with
 * every screen but the member search, and so does each dialog that needs them, before it renders.
 */
export const SCREEN_NAMESPACES: readonly Namespace[] = ['errors', 'access', 'profile', 'chat'];
/**
 * Namespaces loaded on demand, in every language (nl too): the screen namespaces, and those only
 * some screens use (money and billing screens, the notification settings, the unsubscribe page).
 */
const ON_DEMAND: readonly Namespace[] = NAMESPACES.filter((ns) => !FIRST.includes(ns));
type Bundle = Record<string, unknown>;

// nl is the default and the fallback, so its first namespaces ship in the entry; the rest load on demand.
const lazyBundles = import.meta.glob<{ default: Bundle }>(
  [
    './*/{common,errors,access,profile,discovery,chat,money,billing,notifications,unsubscribe}.json',
    '!./nl/{common,discovery}.json',
  ],
  { base: '../../../../locales' },
);

/** Whether `code` names a locale whose catalogue ships. */
export function isShippedLocale(code: string | null | undefined): code is LocaleCode {
  return (SHIPPED_LOCALES as readonly string[]).includes(code ?? '');
}

/** Languages this site shows: settings.languages limited to the shipped catalogues (nl when none). */
export function siteLanguages(settings: Pick<Settings, 'languages'>): LocaleCode[] {
  const shown = settings.languages.filter(isShippedLocale);
  return shown.length > 0 ? shown : [DEFAULT_LOCALE];
}

/**
 * The language to start in (SPEC.md 4): the i18n_redirected cookie, else the first two letters of
 * settings.domain_language when they name a locale the site shows, else nl.
 */
export function detectLanguage(
  settings: Pick<Settings, 'domain_language' | 'languages'>,
  cookie = readCookie(LOCALE_COOKIE.name),
): LocaleCode {
  const allowed = siteLanguages(settings);
  if (cookie && isShippedLocale(cookie) && allowed.includes(cookie)) return cookie;
  const fromDomain = settings.domain_language.slice(0, 2).toLowerCase();
  if (!cookie && isShippedLocale(fromDomain) && allowed.includes(fromDomain)) return fromDomain;
  return allowed.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (allowed[0] ?? DEFAULT_LOCALE);
}

async function loadBundles(lng: string, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(
    namespaces.map(async (ns) => {
      if (i18next.hasResourceBundle(lng, ns)) return;
      const load = lazyBundles[`./${lng}/${ns}.json`];
      if (!load) return;
      i18next.addResourceBundle(lng, ns, (await load()).default, true, true);
    }),
  );
}

/**
 * Starts downloading `lng`'s first catalogues (common, discovery) before i18next starts, so the
 * download runs beside the settings call instead of after it (main.ts; docs/client.md, first load).
 * initI18n and loadNamespaces then find the modules loaded. A failed download is left to them.
 */
export function preloadLanguage(lng: string): void {
  if (!isShippedLocale(lng) || lng === DEFAULT_LOCALE) return;
  for (const ns of FIRST) void lazyBundles[`./${lng}/${ns}.json`]?.().catch(() => undefined);
}

/**
 * Starts downloading the catalogues `namespaces` in `lng` and in nl (the fallback), without adding
 * them to i18next yet (see preloadLanguage): for a screen whose module is fetched before i18next has
 * its language (lib/preload-screen.ts).
 */
export function preloadNamespaces(lng: string, namespaces: readonly Namespace[]): void {
  for (const language of new Set([DEFAULT_LOCALE, lng]))
    for (const ns of namespaces) void lazyBundles[`./${language}/${ns}.json`]?.().catch(() => undefined);
}

/** Loads a language's catalogues: the entry namespaces, and on-demand ones a screen already asked for. */
async function loadLanguage(lng: LocaleCode): Promise<void> {
  const wanted = NAMESPACES.filter((ns) => !ON_DEMAND.includes(ns) || i18next.hasResourceBundle(DEFAULT_LOCALE, ns));
  await loadBundles(lng, wanted);
}

/**
 * Loads on-demand namespaces (money, billing) in the current language and in nl, the fallback.
 * Screens that use them await this before they render (router `lazy`, React.lazy).
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  // Before i18next starts (a screen preloaded by main.ts) there is no store to add to yet.
  if (!i18next.isInitialized) return preloadNamespaces(DEFAULT_LOCALE, namespaces);
  const lng = i18next.language || DEFAULT_LOCALE;
  await Promise.all([loadBundles(DEFAULT_LOCALE, namespaces), lng !== DEFAULT_LOCALE && loadBundles(lng, namespaces)]);
}

/** Initialises i18next in `lng` with nl as fallback; resolves when the catalogues are loaded. */
export async function initI18n(lng: LocaleCode = DEFAULT_LOCALE): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SHIPPED_LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: {
        nl: { common: nlCommon, discovery: nlDiscovery },
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  }
  await loadLanguage(lng);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
  return i18next;
}

/** Switches the interface language and remembers it in the i18n_redirected cookie (SPEC.md 4). */
export async function switchLanguage(lng: LocaleCode): Promise<void> {
  writeCookie(LOCALE_COOKIE.name, lng, LOCALE_COOKIE.days);
  await initI18n(lng);
}

/** BCP 47 tag of a locale for Intl (nl-NL for nl). */
export function intlLocale(lng: string): string {
  return isShippedLocale(lng) ? LOCALE_INFO[lng].iso : LOCALE_INFO[DEFAULT_LOCALE].iso;
}

/**
 * Formats a date in the current language (nl by default), `dateStyle: 'long'` unless `options` say
 * otherwise. Every date of the member app goes through here so that French writes the first day of
 * the month as "1er" before a month name ("1er décembre 2026", "1er déc., 14:30"), which Intl does not.
 */
export function formatDate(
  value: Date | string,
  lng: string = i18next.language ?? DEFAULT_LOCALE,
  options?: Intl.DateTimeFormatOptions,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const format = new Intl.DateTimeFormat(intlLocale(lng), options ?? { dateStyle: 'long' });
  if (!format.resolvedOptions().locale.startsWith('fr')) return format.format(date);
  const parts = format.formatToParts(date);
  const monthName = parts.some((part) => part.type === 'month' && /\D/.test(part.value));
  return parts.map((part) => (monthName && part.type === 'day' && part.value === '1' ? '1er' : part.value)).join('');
}

/** Localised country name of an ISO 3166 code (NL → Nederland in nl). */
export function countryName(code: string, lng: string = i18next.language ?? DEFAULT_LOCALE): string {
  try {
    return new Intl.DisplayNames([intlLocale(lng)], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export { i18next };
