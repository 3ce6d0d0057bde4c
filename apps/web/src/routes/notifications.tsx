import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_URL } from '../features/account/access-api';
import { ChangeEmailForm } from '../features/account/change-email-form';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { DeleteAccountModal } from '../features/account/delete-account';
import { InvisibleMode } from '../features/notification-settings/invisible-mode';
import { MailLanguageSelect } from '../features/notification-settings/mail-language-select';
import { MailSettings } from '../features/notification-settings/mail-settings';
import { PushSettings } from '../features/notification-settings/push-settings';
import { WithNotificationSettings } from '../features/notification-settings/settings-loader';
import { PasskeySettings } from '../features/passkeys/passkey-settings';
import { useLogout } from '../features/session/use-logout';
import { useUser } from '../features/session/use-user';
import { usePageTitle } from '../lib/use-page-title';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card border-0 shadow-sm mb-4" data-testid={testId}>
      <div className="card-body p-4">
        <h2 className="h5 mb-3">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/**
 * /notifications, the settings page (account dropdown "Settings"; SPEC.md 2): notifications by mail
 * and on this device per kind, the language of mails, invisible mode (SPEC.md 4), then change
 * password, passkeys (issue: passkeys), change e-mail, download my data, log out everywhere, delete account. Every switch saves at once.
 */
export function NotificationsPage() {
  const { t } = useTranslation('access');
  const user = useUser();
  const logout = useLogout();
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  usePageTitle(t('common:routes.notifications.title'));
  if (!user) return null;
  return (
    <div className="container py-4 settings-page">
      <h1 className="h3 mb-4">{t('common:routes.notifications.title')}</h1>
      <Section title={t('notifications:section.title')} testId="settings-notifications">
        <p className="text-body-secondary">{t('notifications:section.intro')}</p>
        <WithNotificationSettings>
          {(settings) => (
            <>
              <MailSettings settings={settings} email={user.email} />
              <PushSettings settings={settings} />
              <h3 className="h6">{t('notifications:language.title')}</h3>
              <MailLanguageSelect settings={settings} />
            </>
          )}
        </WithNotificationSettings>
      </Section>
      <Section title={t('notifications:invisible.title')} testId="settings-invisible">
        <WithNotificationSettings>{(settings) => <InvisibleMode settings={settings} />}</WithNotificationSettings>
      </Section>
      <Section title={t('settings.password.title')}>
        <ChangePasswordForm userInputs={[user.email, user.profile.name]} />
      </Section>
      <Section title={t('passkeys.title')} testId="settings-passkeys">
        <PasskeySettings />
      </Section>
      <Section title={t('settings.email.title')}>
        <ChangeEmailForm currentEmail={user.email} />
      </Section>
      <Section title={t('settings.export.title')}>
        <p>{t('settings.export.text')}</p>
        <a href={EXPORT_URL} download className="btn btn-outline-primary" data-testid="export-data">
          {t('settings.export.button')}
        </a>
      </Section>
      <Section title={t('settings.logoutAll.title')}>
        <p>{t('settings.logoutAll.text')}</p>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void logout({ all: true })}>
          {t('settings.logoutAll.button')}
        </button>
      </Section>
      <Section title={t('settings.delete.title')}>
        <p>{t('settings.delete.text')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => setDeleteOpen(true)}>
          {t('settings.delete.button')}
        </button>
      </Section>
      {isDeleteOpen && <DeleteAccountModal onClose={() => setDeleteOpen(false)} />}
    </div>
  );
}

export { NotificationsPage as Component };
