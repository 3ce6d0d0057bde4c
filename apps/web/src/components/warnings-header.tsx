import { DISMISSAL_KEYS } from '@app/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { needsActivation } from '../features/account/activation';
import { useUser } from '../features/session/use-user';
import { readDismissal, storeDismissal } from '../lib/storage';

// Only a member who has not confirmed yet needs it: keep it (and its resend call) out of the entry bundle.
const ActivationReminder = lazy(() =>
  import('../features/account/activation-reminder').then((m) => ({ default: m.ActivationReminder })),
);

/**
 * Warnings under the navigation (SPEC.md 2): the activation reminder and the dismissible
 * profile-photo alert. The time-bonus banner and push alerts arrive with their issues.
 */
export function WarningsHeader() {
  const user = useUser();
  const { t } = useTranslation();
  const [enrichDismissed, setEnrichDismissed] = useState(() => readDismissal(DISMISSAL_KEYS.enrichAlert) !== null);
  if (!user) return null;
  const isActivationShown = needsActivation(user);
  const needsPhoto = !user.profile.main_image && !enrichDismissed;
  if (!isActivationShown && !needsPhoto) return null;
  const dismissEnrich = () => {
    storeDismissal(DISMISSAL_KEYS.enrichAlert);
    setEnrichDismissed(true);
  };
  return (
    <div className="container pt-3 warnings-header">
      {isActivationShown && (
        <Suspense fallback={null}>
          <ActivationReminder user={user} />
        </Suspense>
      )}
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
  );
}
