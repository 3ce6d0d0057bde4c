import type { User } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The disabled-notifications alert (SPEC.md 2, 4): notification mail is off (a bounce, a spam
 * complaint or an unsubscribe, user.notifications_disabled); says why and links to /notifications,
 * where mail is turned back on. Shown by the warnings header in its turn; `onDismiss` stores the
 * dismissal (time stamp under hide-disabled-notifications-alert).
 */
export function DisabledNotificationsAlert({
  user,
  onDismiss,
}: {
  user: Pick<User, 'notifications_disabled' | 'email'>;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const reasons = user.notifications_disabled;
  if (reasons.length === 0) return null;
  return (
    <div className="alert alert-warning alert-dismissible" role="status" data-testid="disabled-notifications-alert">
      {t('warnings.mailOff.text', { email: user.email })}{' '}
      {reasons.map((reason) => t(`warnings.mailOff.reasons.${reason}`)).join(' ')}{' '}
      <Link to="/notifications" className="alert-link">
        {t('warnings.mailOff.link')}
      </Link>
      <button type="button" className="btn-close" aria-label={t('actions.close')} onClick={onDismiss} />
    </div>
  );
}
