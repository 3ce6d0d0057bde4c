/**
 * The page texts' catalogue (`admin-site-pages`, English and Dutch like every back-office namespace),
 * added to the back office's i18next when this area's screen loads, so the shell's list of namespaces
 * (admin/lib/i18n.ts) need not name it.
 */
import { i18next } from '../../lib/i18n';

/** The namespace of this area. */
export const SITE_PAGES_NS = 'admin-site-pages';

const bundles = import.meta.glob<Record<string, unknown>>(
  ['../../../../../../locales/en/admin-site-pages.json', '../../../../../../locales/nl/admin-site-pages.json'],
  { import: 'default', eager: true },
);

for (const [file, bundle] of Object.entries(bundles)) {
  const lng = /locales\/([a-z]{2})\//.exec(file)?.[1];
  if (lng && !i18next.hasResourceBundle(lng, SITE_PAGES_NS))
    i18next.addResourceBundle(lng, SITE_PAGES_NS, bundle, true, true);
}
