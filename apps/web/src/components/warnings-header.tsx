import {
  DISMISSAL_KEYS,
  MEMBER_ALERTS,
  type MemberAlert,
  needsActivation,
  SHOWN_ALERT_COOKIE,
  type User,
} from '@app/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DisabledNotificationsAlert } from '../features/push-alerts/disabled-notifications-alert';
import { PushAlert, usePushAlertWanted } from '../features/push-alerts/push-alert';
import { useUser } from '../features/session/use-user';
import { isTimeBonusEligible } from '../features/time-bonus/countdown';
import { writeCookie } from '../lib/cookies';
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

/** Where each dismissible alert keeps the time of its dismissal (SPEC.md 4). */
const DISMISSAL_KEY: Record<Exclude<MemberAlert, 'activation'>, string> = {
  mailOff: DISMISSAL_KEYS.disabledNotificationsAlert,
  push: DISMISSAL_KEYS.pushAlert,
  photo: DISMISSAL_KEYS.enrichAlert,
};

/** The dismissals stored in this browser. */
function readDismissed(): Record<Exclude<MemberAlert, 'activation'>, boolean> {
  return {
    mailOff: readDismissal(DISMISSAL_KEY.mailOff) !== null,
    push: readDismissal(DISMISSAL_KEY.push) !== null,
    photo: readDismissal(DISMISSAL_KEY.photo) !== null,
  };
}

/**
 * Warnings under the navigation (SPEC.md 2): the time-bonus banner and modal on top, and below it at
 * most one alert, the most important that applies: the activation reminder (until the member
 * confirms), the disabled-notifications alert, the push-notification alert, the profile-photo alert.
 * The next one shows once the one before is done or dismissed, so a new member's search is not
 * pushed below the fold by four banners (issue: the last gaps, item 5).
 */
export function WarningsHeader() {
  const user = useUser();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isPushWanted = usePushAlertWanted();
  const [dismissed, setDismissed] = useState(readDismissed);
  const onSettingsPage = NOTIFICATION_SETTINGS_PATHS.includes(pathname);
  /** The alert this browser shows on pages other than the notification settings. */
  const alertFor = (member: User, isSettingsPage: boolean) => {
    const wanted: Record<MemberAlert, boolean> = {
      activation: needsActivation(member),
      mailOff: !isSettingsPage && !dismissed.mailOff && member.notifications_disabled.length > 0,
      push: !isSettingsPage && !dismissed.push && isPushWanted,
      photo: !dismissed.photo && !member.profile.main_image,
    };
    return MEMBER_ALERTS.find((kind) => wanted[kind]);
  };
  const elsewhere = user ? (alertFor(user, false) ?? 'none') : null;
  // The server's snapshot of the next page shows the same alert (SHOWN_ALERT_COOKIE, decision 020).
  useEffect(() => {
    if (elsewhere) writeCookie(SHOWN_ALERT_COOKIE.name, elsewhere, SHOWN_ALERT_COOKIE.days);
  }, [elsewhere]);
  if (!user) return null;
  const shown = alertFor(user, onSettingsPage);
  const dismiss = (kind: Exclude<MemberAlert, 'activation'>) => () => {
    storeDismissal(DISMISSAL_KEY[kind]);
    setDismissed((before) => ({ ...before, [kind]: true }));
  };
  const timeBonus = isTimeBonusEligible(user, Date.now()) && (
    <Suspense fallback={null}>
      <TimeBonusHost />
    </Suspense>
  );
  return (
    <>
      {timeBonus}
      {shown && (
        <div className="container pt-3 warnings-header" data-alert={shown}>
          {shown === 'activation' && (
            <Suspense fallback={null}>
              <ActivationReminder user={user} />
            </Suspense>
          )}
          {shown === 'mailOff' && <DisabledNotificationsAlert user={user} onDismiss={dismiss('mailOff')} />}
          {shown === 'push' && <PushAlert onDismiss={dismiss('push')} />}
          {shown === 'photo' && (
            <div className="alert alert-info alert-dismissible" role="status" data-testid="photo-alert">
              {t('warnings.photo')}{' '}
              <Link to="/profile" className="alert-link">
                {t('warnings.photoLink')}
              </Link>
              <button type="button" className="btn-close" aria-label={t('actions.close')} onClick={dismiss('photo')} />
            </div>
          )}
        </div>
      )}
    </>
  );
}
