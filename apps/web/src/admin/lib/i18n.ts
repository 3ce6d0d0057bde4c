/**
 * The back office's i18next: English and Dutch (issue: back office I), its own catalogues
 * (`locales/<en|nl>/admin*.json`, one namespace per area) and the server's `errors` catalogue for
 * API errors. Nothing here is imported by the member site.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Back-office languages. */
export const ADMIN_LANGUAGES = ['en', 'nl'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
/** Namespaces: the shell (`admin`), one per area, and the server's errors. */
export const ADMIN_NAMESPACES = [
  'admin',
  'admin-moderation',
  'admin-signals',
  'admin-members',
  'admin-billing',
  'admin-fictional',
  'admin-operators',
  'admin-sites',
  'admin-shop',
  'admin-dashboard',
  'errors',
] as const;

const bundles = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../../locales/en/admin*.json',
    '../../../../../locales/nl/admin*.json',
    '../../../../../locales/en/errors.json',
    '../../../../../locales/nl/errors.json',
  ],
  { import: 'default' },
);

const STORAGE_KEY = 'admin-language';

/** The language to start in: the stored choice, else the browser's when Dutch, else English. */
export function startLanguage(): AdminLanguage {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'nl') return stored;
  return navigator.language.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

async function load(lng: AdminLanguage): Promise<void> {
  await Promise.all(
    ADMIN_NAMESPACES.map(async (ns) => {
      if (i18next.hasResourceBundle(lng, ns)) return;
      const loader = bundles[`../../../../../locales/${lng}/${ns}.json`];
      if (loader) i18next.addResourceBundle(lng, ns, await loader(), true, true);
    }),
  );
}

/** Starts i18next in `lng` (English as fallback) and sets the page's `lang`. */
export async function initAdminI18n(lng: AdminLanguage): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: [...ADMIN_NAMESPACES],
    defaultNS: 'admin',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([load('en'), load(lng)]);
  document.documentElement.lang = lng;
}

/** Switches the back office to `lng` and remembers it in this browser. */
export async function changeAdminLanguage(lng: AdminLanguage): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lng);
  await load(lng);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export { i18next };
