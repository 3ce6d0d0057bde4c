import type { Profile } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FictionalIcon } from '../../components/fictional-icon';
import { countryName } from '../../lib/i18n';
import { photoUrl } from '../members/photo-url';
import { VerifiedBadge } from '../members/verified-badge';
import { regionsQuery } from '../session/queries';
import { useSettings } from '../session/use-settings';

/** Header of a profile: photo, name, age, place, online dot, and the fictional banner (DECISIONS.md). */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const settings = useSettings();
  const { t, i18n } = useTranslation();
  const src = photoUrl(settings.cdn_prefix, profile.main_image?.match);
  const regions = useQuery({ ...regionsQuery, enabled: Boolean(profile.region) });
  const regionName = regions.data?.[profile.country]?.find((r) => r.code === profile.region)?.name ?? profile.region;
  const place = [profile.city, regionName, countryName(profile.country, i18n.language)].filter(Boolean).join(', ');
  return (
    <header className="profile-header card border-0 shadow-sm overflow-hidden mb-4">
      <div className="row g-0">
        <div className="col-md-4">
          <div className="ratio ratio-1x1 profile-header-photo">
            {src ? (
              <img src={src} alt={t('profile.photoOf', { name: profile.name })} className="object-fit-cover" />
            ) : (
              <div className="photo-placeholder" role="img" aria-label={t('members.noPhoto')}>
                <span aria-hidden="true">{profile.name.slice(0, 1).toUpperCase()}</span>
              </div>
            )}
          </div>
        </div>
        <div className="col-md-8">
          <div className="card-body p-4">
            <h1 className="h2 mb-1" data-testid="profile-name">
              {profile.online && (
                <span
                  className="online-dot me-2"
                  role="img"
                  aria-label={t('members.online')}
                  title={t('members.online')}
                />
              )}
              {profile.name}
            </h1>
            {profile.verified && <VerifiedBadge className="mb-2" />}
            <p className="lead mb-1">{t('members.age', { age: profile.age })}</p>
            <p className="text-body-secondary mb-3">{place}</p>
            {profile.online && <p className="small text-success mb-3">{t('members.onlineNow')}</p>}
            {profile.fictional && (
              <div className="alert alert-warning d-flex gap-2 align-items-start mb-0" role="note">
                <span className="fs-4 lh-1">
                  <FictionalIcon icon={settings.fictional_icon} />
                </span>
                <div>
                  <strong className="d-block">{settings.fictional_singular}</strong>
                  {settings.fictional_warning}
                </div>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
