import { MAIL_NOTIFICATION_KINDS, type NotificationSettings } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useUpdateNotificationSettings } from './api';
import { SaveStatus } from './save-status';
import { SettingSwitch } from './setting-switch';

/**
 * Notification mail on /notifications: why mail is off (bounce, complaint, unsubscribe) with the
 * button that turns it back on, else where it goes; then a switch per kind (message, like, match,
 * weekly digest).
 */
export function MailSettings({ settings, email }: { settings: NotificationSettings; email: string }) {
  const { t } = useTranslation('notifications');
  const disabled = settings.notifications_disabled;
  return (
    <div className="mb-4" data-testid="mail-settings">
      <h3 className="h6">{t('mail.title')}</h3>
      {disabled.length > 0 ? (
        <MailOff reasons={disabled} email={email} />
      ) : (
        <p className="small text-body-secondary" data-testid="mail-on">
          {t('mail.to', { email })}
        </p>
      )}
      {MAIL_NOTIFICATION_KINDS.map((kind) => (
        <SettingSwitch
          key={kind}
          label={t(`kinds.${kind}`)}
          checked={settings.mail[kind]}
          toUpdate={(on) => ({ mail: { [kind]: on } })}
          testId={`mail-${kind}`}
        />
      ))}
    </div>
  );
}

function MailOff({ reasons, email }: { reasons: NotificationSettings['notifications_disabled']; email: string }) {
  const { t } = useTranslation('notifications');
  const save = useUpdateNotificationSettings();
  return (
    <div className="alert alert-warning" data-testid="mail-disabled">
      <p className="mb-1">{t('mail.off', { email })}</p>
      <ul className="mb-2 ps-3">
        {reasons.map((reason) => (
          <li key={reason}>{t(`mail.reasons.${reason}`)}</li>
        ))}
      </ul>
      <p className="small mb-2">{t('mail.kept')}</p>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={save.isPending}
        aria-describedby="mail-enable-status"
        onClick={() => save.mutate({ mail_enabled: true })}
        data-testid="mail-enable"
      >
        {save.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('mail.turnOn')}
      </button>
      <SaveStatus id="mail-enable-status" state={save} />
    </div>
  );
}
