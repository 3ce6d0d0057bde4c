import type { PhotoQueueGroup, PhotoRejectReason } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhotoBadges, WaitingPhotoTile } from './photo-tile';

/**
 * One profile of the photo queue: who it is (name, id, site, fictional), its waiting photos with
 * their actions, and its other photos (approved, rejected, private) beside them to compare.
 */
export function PhotoGroup({
  group,
  selected,
  isBusy,
  onSelect,
  onDecide,
}: {
  group: PhotoQueueGroup;
  selected: ReadonlySet<number>;
  isBusy: boolean;
  onSelect: (photoId: number, selected: boolean) => void;
  onDecide: (ids: number[], decision: 'approve' | 'reject', reason?: PhotoRejectReason) => void;
}) {
  const { t } = useTranslation('admin-moderation');
  const name = group.profile_name;
  return (
    <section className="card mb-3" aria-labelledby={`profile-${group.profile_id}`} data-testid="photo-group">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0" id={`profile-${group.profile_id}`}>
          {name}
        </h2>
        <span className="small text-body-secondary">
          {t('photos.profile', { id: group.profile_id, site: group.site_name })}
        </span>
        {group.fictional && <span className="badge text-bg-info">{t('photos.fictional')}</span>}
        {group.user_id !== null && (
          <Link className="small ms-auto" to={`/members/${group.user_id}`}>
            {t('photos.openMember')}
          </Link>
        )}
      </div>
      <div className="card-body">
        <h3 className="h6">{t('photos.waitingHeading')}</h3>
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3">
          {group.waiting.map((photo, index) => (
            <WaitingPhotoTile
              key={photo.id}
              photo={photo}
              number={index + 1}
              name={name}
              isSelected={selected.has(photo.id)}
              isBusy={isBusy}
              onSelect={(on) => onSelect(photo.id, on)}
              onDecide={(decision, reason) => onDecide([photo.id], decision, reason)}
            />
          ))}
        </ul>
        <h3 className="h6">{t('photos.others')}</h3>
        {group.others.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('photos.noOthers')}</p>
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {group.others.map((photo) => (
              <li key={photo.id} style={{ width: 112 }}>
                <a href={photo.full_url} target="_blank" rel="noreferrer" title={t('photos.openFull')}>
                  <img
                    src={photo.thumb_url}
                    alt={t('photos.otherAlt', { name })}
                    className="admin-thumb rounded d-block"
                    loading="lazy"
                  />
                </a>
                <PhotoBadges photo={photo} showStatus />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
