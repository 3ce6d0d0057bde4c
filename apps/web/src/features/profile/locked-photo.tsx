import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../session/use-user';

/** Overlay of a private photo the viewer may not see: blurred placeholder, lock, and the way to see it. */
export function LockedPhoto() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <div className="locked-photo ratio ratio-1x1 rounded-3 overflow-hidden">
      <div className="locked-photo-inner d-flex flex-column align-items-center justify-content-center text-center p-2">
        <svg width="28" height="28" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
          <path d="M8 1a2 2 0 0 1 2 2v4H6V3a2 2 0 0 1 2-2m3 6V3a3 3 0 0 0-6 0v4a2 2 0 0 0-2 2v5a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2" />
        </svg>
        <p className="small fw-semibold my-2">{t('profile.privatePhoto')}</p>
        {user ? (
          <Link to="/premium" className="btn btn-sm btn-primary">
            {t('profile.becomePremium')}
          </Link>
        ) : (
          <Link to="/login" className="btn btn-sm btn-light">
            {t('nav.login')}
          </Link>
        )}
      </div>
    </div>
  );
}
