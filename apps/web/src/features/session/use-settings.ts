import { DEFAULT_LOCALE, type Settings } from '@app/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsQuery } from './queries';

/**
 * The site's settings, its texts in the interface language (SPEC.md 3). main.tsx loads them in the
 * start language before the first render; after a language switch the texts of the new language are
 * fetched while the page keeps showing the previous ones (deferred, so nothing suspends to a spinner).
 */
export function useSettings(): Settings {
  const { i18n } = useTranslation();
  const lng = useDeferredValue(i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LOCALE);
  return useSuspenseQuery(settingsQuery(lng)).data;
}
