import { DISMISSAL_KEYS } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../features/session/use-user';
import { readDismissal, storeDismissal } from '../lib/storage';

/**
 * Warnings under the navigation (SPEC.md 2): the activation reminder and the dismissible
 * profile-photo alert. The time-bonus banner and push alerts arrive with their issues.
 */
export function WarningsHeader() {
  const user = useUser();
  const { t } = useTranslation();
  const [enrichDismissed, setEnrichDismissed] = useState(() => readDismissal(DISMISSAL_KEYS.enrichAlert) !== null);
  if (!user) return null;
  const needsActivation =
    user.status === 'not_confirmed' && user.profile.status === 'disabled' && user.notifications_disabled.length === 0;
  const needsPhoto = !user.profile.main_image && !enrichDismissed;
  if (!needsActivation && !needsPhoto) return null;
  const dismissEnrich = () => {
    storeDismissal(DISMISSAL_KEYS.enrichAlert);
    setEnrichDismissed(true);
  };
  return (
    <div className="container pt-3 warnings-header">
      {needsActivation && (
        <div className="alert alert-warning" role="status">
          <strong>{t('warnings.activateTitle')}</strong> {t('warnings.activateText', { email: user.email })}
        </div>
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
