import { type LocaleCode, sessionCalls } from '@app/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { switchLanguage } from '../../lib/i18n';
import { useUser } from './use-user';

/** Current language plus a setter that stores the cookie and saves it for a logged-in user (SPEC.md 4, 7). */
export function useLanguage(): { language: string; setLanguage: (lng: LocaleCode) => Promise<void> } {
  const { i18n } = useTranslation();
  const user = useUser();
  const isLoggedIn = user !== null;
  const setLanguage = useCallback(
    async (lng: LocaleCode) => {
      await switchLanguage(lng);
      if (isLoggedIn) {
        // PUT /api/user.php {language}: errors ignored (SPEC.md 7).
        call(sessionCalls.setLanguage, { body: { language: lng } }).catch(() => undefined);
      }
    },
    [isLoggedIn],
  );
  return { language: i18n.language, setLanguage };
}
