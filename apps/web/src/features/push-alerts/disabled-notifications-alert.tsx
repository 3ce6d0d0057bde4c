import { DISMISSAL_KEYS, type User } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storeDismissal } from '../../lib/storage';
import { isDismissed } from './dismissals';

/**
 * The disabled-notifications alert (SPEC.md 2, 4): notification mail is off (a bounce, a spam
 * complaint or an unsubscribe, user.notifications_disabled); says why and links to /notifications,
 * where mail is turned back on. Dismissible (time stamp under hide-disabled-notifications-alert).
 */
export function DisabledNotificationsAlert({
  user,
  className,
}: {
  user: Pick<User, 'notifications_disabled' | 'email'>;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  const [isDismissedNow, setDismissedNow] = useState(() => isDismissed(DISMISSAL_KEYS.disabledNotificationsAlert));
  const reasons = user.notifications_disabled;
  if (isDismissedNow || reasons.length === 0) return null;
  const dismiss = () => {
    storeDismissal(DISMISSAL_KEYS.disabledNotificationsAlert);
    setDismissedNow(true);
  };
  return (
    <div
      className={`alert alert-warning alert-dismissible ${className ?? ''}`}
      role="status"
      data-testid="disabled-notifications-alert"
    >
      {t('warnings.mailOff.text', { email: user.email })}{' '}
      {reasons.map((reason) => t(`warnings.mailOff.reasons.${reason}`)).join(' ')}{' '}
      <Link to="/notifications" className="alert-link">
        {t('warnings.mailOff.link')}
      </Link>
      <button type="button" className="btn-close" aria-label={t('actions.close')} onClick={dismiss} />
    </div>
  );
}
