import { DISMISSAL_KEYS } from '@app/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { needsActivation } from '../features/account/activation';
import { DisabledNotificationsAlert } from '../features/push-alerts/disabled-notifications-alert';
import { PushAlert } from '../features/push-alerts/push-alert';
import { useUser } from '../features/session/use-user';
import { isTimeBonusEligible } from '../features/time-bonus/countdown';
import { loadNamespaces } from '../lib/i18n';
import { readDismissal, storeDismissal } from '../lib/storage';

// Only a member who has not confirmed yet needs it: keep it (and its resend call) out of the entry bundle.
const ActivationReminder = lazy(() =>
  Promise.all([import('../features/account/activation-reminder'), loadNamespaces(['access'])]).then(([m]) => ({
    default: m.ActivationReminder,
  })),
);
// Only a new free member can have a time bonus: its banner, countdown and modal load on demand.
const TimeBonusHost = lazy(() =>
  Promise.all([import('../features/time-bonus/time-bonus-host'), loadNamespaces(['money'])]).then(([m]) => m),
);

/** Routes that show the notification settings themselves: the push and mail alerts would repeat them. */
const NOTIFICATION_SETTINGS_PATHS = ['/notifications', '/lang-config'];

/**
 * Warnings under the navigation (SPEC.md 2): the activation reminder, the disabled-notifications
 * alert, the dismissible push-notification alert and the dismissible profile-photo alert; above them
 * the time-bonus banner and modal (SPEC.md 2, 4).
 */
export function WarningsHeader() {
  const user = useUser();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [enrichDismissed, setEnrichDismissed] = useState(() => readDismissal(DISMISSAL_KEYS.enrichAlert) !== null);
  if (!user) return null;
  const isActivationShown = needsActivation(user);
  const needsPhoto = !user.profile.main_image && !enrichDismissed;
  const isNotificationAlertShown = !NOTIFICATION_SETTINGS_PATHS.includes(pathname);
  const timeBonus = isTimeBonusEligible(user, Date.now()) && (
    <Suspense fallback={null}>
      <TimeBonusHost />
    </Suspense>
  );
  // Shown or not is only known inside (the browser's push state), so alone they bring their own top margin.
  const notificationAlerts = (className?: string) =>
    isNotificationAlertShown && (
      <>
        <DisabledNotificationsAlert user={user} className={className} />
        <PushAlert className={className} />
      </>
    );
  if (!isActivationShown && !needsPhoto) {
    return (
      <>
        {timeBonus}
        {isNotificationAlertShown && <div className="container warnings-header">{notificationAlerts('mt-3')}</div>}
      </>
    );
  }
  const dismissEnrich = () => {
    storeDismissal(DISMISSAL_KEYS.enrichAlert);
    setEnrichDismissed(true);
  };
  return (
    <>
      {timeBonus}
      <div className="container pt-3 warnings-header">
        {isActivationShown && (
          <Suspense fallback={null}>
            <ActivationReminder user={user} />
          </Suspense>
        )}
        {notificationAlerts()}
        {needsPhoto && (
          <div className="alert alert-info alert-dismissible" role="status">
            {t('warnings.photo')}{' '}
            <Link to="/profile" className="alert-link">
              {t('warnings.photoLink')}
            </Link>
            <button type="button" className="btn-close" aria-label={t('actions.close')} onClick={dismissEnrich} />
          </div>
        )}
      </div>
    </>
  );
}
