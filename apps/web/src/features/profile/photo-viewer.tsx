import type { Photo } from '@app/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';

interface PhotoViewerProps {
  /** Viewable (unlocked) photos in display order. */
  photos: Photo[];
  index: number;
  name: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** Full-size photo lightbox with previous/next buttons and arrow keys (SPEC.md 2 photo overview). */
export function PhotoViewer({ photos, index, name, onIndex, onClose }: PhotoViewerProps) {
  const { t } = useTranslation('profile');
  const settings = useSettings();
  const count = photos.length;
  const photo = photos[index];
  const go = (delta: number) => onIndex((index + delta + count) % count);

  useEffect(() => {
    const handleKey = (e: KeyboardEvent) => {
      if (count < 2) return;
      if (e.key === 'ArrowRight') onIndex((index + 1) % count);
      if (e.key === 'ArrowLeft') onIndex((index - 1 + count) % count);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [index, count, onIndex]);

  if (!photo) return null;
  return (
    <Modal title={name} onClose={onClose} size="lg">
      <figure className="mb-0 position-relative text-center" data-testid="photo-viewer">
        <img
          src={photoUrl(settings.cdn_prefix, photo.filename) ?? ''}
          alt={t('common:profile.photoNumber', { name, number: index + 1 })}
          className="img-fluid rounded-3 photo-viewer-img"
          style={{ maxHeight: '75vh' }}
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="btn btn-light position-absolute top-50 start-0 translate-middle-y ms-2 shadow-sm"
              aria-label={t('viewer.previous')}
              onClick={() => go(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="btn btn-light position-absolute top-50 end-0 translate-middle-y me-2 shadow-sm"
              aria-label={t('viewer.next')}
              onClick={() => go(1)}
            >
              ›
            </button>
          </>
        )}
        <figcaption className="small text-body-secondary mt-2">
          {t('viewer.position', { number: index + 1, count })}
        </figcaption>
      </figure>
    </Modal>
  );
}
