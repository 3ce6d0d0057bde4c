import type { Photo } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { LockedPhoto } from './locked-photo';
import { PhotoViewer } from './photo-viewer';

/**
 * Photo overview of a profile; locked photos show the locked-photo overlay (SPEC.md 2), the others
 * open the full-size viewer. The owner sees waiting and rejected photos marked (the reason shows on
 * /profile).
 */
export function PhotoGrid({ photos, name }: { photos: Photo[]; name: string }) {
  const settings = useSettings();
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const viewable = photos.filter((p) => !p.locked);
  return (
    <section className="mb-4" aria-labelledby="photos-heading">
      <h2 id="photos-heading" className="h5">
        {t('profile.photos')}
      </h2>
      <ul className="row row-cols-3 row-cols-md-4 g-2 list-unstyled">
        {photos.map((photo, index) => (
          <li key={photo.id} className="col">
            {photo.locked ? (
              <LockedPhoto />
            ) : (
              <button
                type="button"
                className="btn p-0 border-0 w-100 ratio ratio-1x1 rounded-3 overflow-hidden"
                onClick={() => setOpen(viewable.indexOf(photo))}
              >
                {photo.status === 'awaiting_approval' && (
                  <span className="badge text-bg-warning position-absolute top-0 start-0 m-1 w-auto h-auto z-1">
                    {t('profile:view.awaiting')}
                  </span>
                )}
                {photo.status === 'rejected' && (
                  <span className="badge text-bg-danger position-absolute top-0 start-0 m-1 w-auto h-auto z-1">
                    {t('profile:photos.status.rejected')}
                  </span>
                )}
                <img
                  src={photoUrl(settings.cdn_prefix, photo.match ?? photo.thumb_filename) ?? ''}
                  alt={t('profile.photoNumber', { name, number: index + 1 })}
                  className="object-fit-cover"
                  loading="lazy"
                />
              </button>
            )}
          </li>
        ))}
      </ul>
      {open !== null && (
        <PhotoViewer photos={viewable} index={open} name={name} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
