import { type LocaleCode, sessionCalls } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { switchLanguage } from '../../lib/i18n';
import { DATABASE_TEXT_QUERIES } from '../../lib/query-client';
import { useUser } from './use-user';

/**
 * Current language plus a setter that stores the cookie and saves it for a logged-in user (SPEC.md 4, 7).
 * Once the server has the new language, the answers with texts from the database (gift names) are
 * fetched again in it.
 */
export function useLanguage(): { language: string; setLanguage: (lng: LocaleCode) => Promise<void> } {
  const { i18n } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const isLoggedIn = user !== null;
  const setLanguage = useCallback(
    async (lng: LocaleCode) => {
      await switchLanguage(lng);
      if (isLoggedIn) {
        // PUT /api/user.php {language}: errors ignored (SPEC.md 7).
        call(sessionCalls.setLanguage, { body: { language: lng } })
          .then(() => Promise.all(DATABASE_TEXT_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))))
          .catch(() => undefined);
      }
    },
    [isLoggedIn, queryClient],
  );
  return { language: i18n.language, setLanguage };
}
