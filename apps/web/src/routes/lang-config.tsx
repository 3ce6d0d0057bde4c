import { LOCALE_INFO } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailLanguageSelect } from '../features/notification-settings/mail-language-select';
import { WithNotificationSettings } from '../features/notification-settings/settings-loader';
import { useLanguage } from '../features/session/use-language';
import { useSettings } from '../features/session/use-settings';
import { isShippedLocale, siteLanguages } from '../lib/i18n';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /lang-config (SPEC.md 2 Tools): the interface language, one of the site's languages, saved like
 * the language menu (cookie i18n_redirected and PUT /api/user.php {language}, SPEC.md 4, 7), and the
 * language of mails (mail_language, "same as the site" by default).
 */
export function LangConfigPage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('common:routes.lang-config.title'));
  return (
    <div className="container py-4 settings-page">
      <h1 className="h3 mb-2">{t('common:routes.lang-config.title')}</h1>
      <p className="text-body-secondary mb-4">{t('langConfig.intro')}</p>
      <section className="card border-0 shadow-sm mb-4" data-testid="lang-config-site">
        <div className="card-body p-4">
          <h2 className="h5 mb-3">{t('langConfig.siteTitle')}</h2>
          <InterfaceLanguageSelect />
        </div>
      </section>
      <section className="card border-0 shadow-sm mb-4" data-testid="lang-config-mail">
        <div className="card-body p-4">
          <h2 className="h5 mb-3">{t('language.title')}</h2>
          <WithNotificationSettings>
            {(settings) => <MailLanguageSelect settings={settings} />}
          </WithNotificationSettings>
        </div>
      </section>
    </div>
  );
}

/** The interface language: switches at once and says so in the new language. */
function InterfaceLanguageSelect() {
  const { t } = useTranslation('notifications');
  const settings = useSettings();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  const [isSaving, setSaving] = useState(false);
  const [isSaved, setSaved] = useState(false);
  const languages = siteLanguages(settings);
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {t('langConfig.siteLabel')}
      </label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <select
          id={id}
          className="form-select w-auto mw-100"
          value={language}
          disabled={isSaving || languages.length <= 1}
          aria-describedby={`${id}-help ${id}-status`}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (!isShippedLocale(value)) return;
            setSaving(true);
            setSaved(false);
            void setLanguage(value).finally(() => {
              setSaving(false);
              setSaved(true);
            });
          }}
        >
          {languages.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_INFO[code].name}
            </option>
          ))}
        </select>
        <span id={`${id}-status`} className="small" role="status" aria-live="polite">
          {isSaving && <span className="text-body-secondary">{t('saving')}</span>}
          {!isSaving && isSaved && <span className="text-success">✓ {t('saved')}</span>}
        </span>
      </div>
      <div id={`${id}-help`} className="form-text">
        {languages.length <= 1 ? t('langConfig.onlyOne') : t('langConfig.siteHelp')}
      </div>
    </div>
  );
}

export { LangConfigPage as Component };
