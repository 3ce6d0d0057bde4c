import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhotoManager } from '../features/profile-edit/photo-manager';
import { ProfileForm } from '../features/profile-edit/profile-form';
import { useUser } from '../features/session/use-user';
import { usePageTitle } from '../lib/use-page-title';

/** My profile (/profile, SPEC.md 2): photos and every editable attribute of the own profile. */
export function ProfileEditPage() {
  const { t } = useTranslation('profile');
  const user = useUser();
  usePageTitle(t('page.title'));
  if (!user) return null; // RequireUser guards the route; this only narrows the type
  return (
    <div className="container py-4 profile-edit-page">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{t('page.title')}</h1>
        <span className="d-flex gap-3 small">
          <Link to="/verify" data-testid="verify-link">
            {user.profile.verified ? t('verify.linkVerified') : t('verify.link')}
          </Link>
          <Link to={`/members/${user.profile.id}`}>{t('page.viewPublic')}</Link>
        </span>
      </div>
      {user.profile.status !== 'active' && (
        <p className="alert alert-warning py-2" role="status">
          {t('page.notPublic')}
        </p>
      )}
      <div className="row g-4">
        <div className="col-lg-5">
          <PhotoManager />
        </div>
        <div className="col-lg-7">
          <div className="card card-body shadow-sm">
            <ProfileForm key={user.profile.id} profile={user.profile} />
          </div>
        </div>
      </div>
    </div>
  );
}

export { ProfileEditPage as Component };
