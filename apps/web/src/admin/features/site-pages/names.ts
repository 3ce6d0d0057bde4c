import { LOCALE_INFO, type LocaleCode } from '@app/contracts';
import { i18next } from '../../lib/i18n';
import { SITE_PAGES_NS } from './i18n';

/** A page's name for staff: the catalogue's name of a legal or shipped page, else its slug. */
export function pageName(slug: string): string {
  const key = `${SITE_PAGES_NS}:pages.${slug}`;
  return i18next.exists(key) ? i18next.t(key) : slug;
}

/** A language's name in its own language (Nederlands, English, ...), else its code. */
export function languageName(code: string): string {
  return LOCALE_INFO[code as LocaleCode]?.name ?? code;
}
