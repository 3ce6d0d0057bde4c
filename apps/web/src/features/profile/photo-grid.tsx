import type { Photo } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { LockedPhoto } from './locked-photo';

/** Photo overview of a profile; locked photos show the locked-photo overlay (SPEC.md 2). */
export function PhotoGrid({ photos, name }: { photos: Photo[]; name: string }) {
  const settings = useSettings();
  const { t } = useTranslation();
  const [open, setOpen] = useState<Photo | null>(null);
  if (photos.length === 0) return null;
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
                onClick={() => setOpen(photo)}
              >
                <img
                  src={photoUrl(settings.cdn_prefix, photo.thumb_filename ?? photo.match) ?? ''}
                  alt={t('profile.photoNumber', { name, number: index + 1 })}
                  className="object-fit-cover"
                  loading="lazy"
                />
              </button>
            )}
          </li>
        ))}
      </ul>
      {open && (
        <Modal title={name} onClose={() => setOpen(null)} size="lg">
          <img
            src={photoUrl(settings.cdn_prefix, open.filename) ?? ''}
            alt={t('profile.photoOf', { name })}
            className="img-fluid rounded-3 w-100"
          />
        </Modal>
      )}
    </section>
  );
}
