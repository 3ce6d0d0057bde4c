import { LOCALE_INFO, type LocaleCode, type NotificationSettings } from '@app/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isShippedLocale, siteLanguages } from '../../lib/i18n';
import { useSettings } from '../session/use-settings';
import { useUpdateNotificationSettings } from './api';
import { SaveStatus } from './save-status';

/**
 * The language of notification mails (mail_language): "same as the site" (null, the interface
 * language) or one of the site's languages, saved at once. Used on /notifications and /lang-config.
 */
export function MailLanguageSelect({ settings }: { settings: NotificationSettings }) {
  const { t, i18n } = useTranslation('notifications');
  const site = useSettings();
  const id = useId();
  const save = useUpdateNotificationSettings();
  const languages = siteLanguages(site);
  const current = save.isPending ? (save.variables?.mail_language ?? null) : settings.mail_language;
  const interfaceLanguage = isShippedLocale(i18n.language) ? LOCALE_INFO[i18n.language].name : i18n.language;
  // A language the site stopped offering still shows as chosen until the member picks another.
  const options =
    current && !languages.includes(current) ? [...languages, current] : (languages as readonly LocaleCode[]);
  return (
    <div className="mb-3" data-testid="mail-language">
      <label htmlFor={id} className="form-label">
        {t('language.label')}
      </label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <select
          id={id}
          className="form-select w-auto mw-100"
          value={current ?? ''}
          disabled={save.isPending}
          aria-describedby={`${id}-help ${id}-status`}
          onChange={(event) => {
            const value = event.currentTarget.value;
            save.mutate({ mail_language: isShippedLocale(value) ? value : null });
          }}
        >
          <option value="">{t('language.same', { language: interfaceLanguage })}</option>
          {options.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_INFO[code].name}
            </option>
          ))}
        </select>
        <SaveStatus id={`${id}-status`} state={save} />
      </div>
      <div id={`${id}-help`} className="form-text">
        {t('language.help')}
      </div>
    </div>
  );
}
