import { isLoggedOutSearchAllowed } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { NotFound } from '../components/not-found';
import { useClearLikeNew } from '../features/likes/use-clear-like-new';
import { MemberGrid } from '../features/members/member-grid';
import { PhotoGrid } from '../features/profile/photo-grid';
import { ProfileActions } from '../features/profile/profile-actions';
import { ProfileAttributes } from '../features/profile/profile-attributes';
import { ProfileHeader } from '../features/profile/profile-header';
import { useProfile } from '../features/profile/use-profile';
import { useSettings } from '../features/session/use-settings';
import { useUser } from '../features/session/use-user';
import { SignupButton } from '../features/signup/signup-button';
import { isApiError } from '../lib/api';
import { hasTrafficSource } from '../lib/tracking';
import { usePageTitle } from '../lib/use-page-title';

/** Profile view of /members/:id and /likes/m/:id (SPEC.md 2). */
export function MemberProfilePage() {
  const { id } = useParams();
  const profileId = Number(id);
  const settings = useSettings();
  const user = useUser();
  const { t } = useTranslation();
  const canView = user !== null || isLoggedOutSearchAllowed(settings, hasTrafficSource());
  const view = useProfile(canView ? profileId : Number.NaN);
  usePageTitle(view.data?.profile.name ?? t('profile.title'));
  useClearLikeNew(profileId, view.data?.liked_by === true);

  if (
    !Number.isInteger(profileId) ||
    profileId <= 0 ||
    isApiError(view.error, 'not_found') ||
    (isApiError(view.error) && view.error.status === 404)
  ) {
    return <NotFound />;
  }
  if (!canView || isApiError(view.error, 'authentication_required')) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3">{t('profile.title')}</h1>
        <p className="lead">{t('profile.signupToView', { site: settings.name })}</p>
        <SignupButton className="btn btn-primary btn-lg">{t('home.signupCta')}</SignupButton>
      </div>
    );
  }
  if (view.isError) {
    return (
      <div className="container py-5">
        <ErrorAlert>{view.error.message || t('error.general')}</ErrorAlert>
      </div>
    );
  }
  if (!view.data) {
    return (
      <div className="text-center py-5">
        <span className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('actions.loading')}</span>
        </span>
      </div>
    );
  }

  const { profile, related } = view.data;
  return (
    <div className="container py-4 profile-page">
      <ProfileHeader profile={profile} />
      {user?.profile.id === profile.id ? (
        <p className="mb-4">
          <Link to="/profile" className="btn btn-outline-primary">
            {t('profile:view.editOwn')}
          </Link>
        </p>
      ) : (
        <ProfileActions
          profile={profile}
          isLiked={view.data.liked}
          isLikedBy={view.data.liked_by}
          isBlocked={view.data.blocked}
        />
      )}
      <div className="row g-4">
        <div className="col-lg-8">
          <ProfileAttributes profile={profile} />
          <PhotoGrid photos={profile.photos} name={profile.name} />
        </div>
      </div>
      {related.length > 0 && (
        <section className="mt-4" aria-labelledby="related-heading">
          <h2 id="related-heading" className="h5 mb-3">
            {t('profile.related')}
          </h2>
          <MemberGrid cards={related} maxColumns={4} headingLevel={3} />
        </section>
      )}
    </div>
  );
}

export { MemberProfilePage as Component };
