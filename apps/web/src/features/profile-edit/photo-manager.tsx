import type { Photo } from '@app/contracts';
import { PREMIUM_PHOTO_LIMIT } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { ownPhotosQuery, useDeletePhoto, useUpdatePhoto, useUploadPhoto } from './api';
import { photoErrorText, precheckPhoto } from './photo-errors';

const STATUS_BADGE: Record<Photo['status'], string | null> = {
  approved: null,
  awaiting_approval: 'text-bg-warning',
  rejected: 'text-bg-danger',
};

/**
 * The own photos on /profile (SPEC.md 2, 5, 6): grid with status badges (a rejected photo with
 * staff's reason in the member's language), main image, private or public, delete, and upload with
 * progress; shows the limit (3 free, 25 premium).
 */
export function PhotoManager() {
  const { t } = useTranslation('profile');
  const settings = useSettings();
  const user = useUser();
  const inputId = useId();
  const list = useQuery(ownPhotosQuery);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploadPrivate, setUploadPrivate] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const upload = useUploadPhoto(setProgress);
  const update = useUpdatePhoto();
  const remove = useDeletePhoto();

  if (!list.data || !user) {
    return (
      <div className="placeholder-glow" aria-busy="true">
        <span className="placeholder col-12" style={{ height: 120 }} />
      </div>
    );
  }
  const { photos, limit, max_megabytes, types } = list.data;
  const isFull = photos.length >= limit;
  const mainFile = user.profile.main_image?.filename;
  const onError = (err: unknown) => setError(photoErrorText(err, t));

  const handleFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = precheckPhoto(file, types, max_megabytes, t);
    setError(problem);
    if (problem) return;
    setProgress(0);
    upload.mutate({ file, isPrivate: uploadPrivate }, { onError, onSettled: () => setProgress(null) });
  };

  return (
    <section aria-labelledby="own-photos-heading" className="mb-4" data-testid="photo-manager">
      <div className="mb-2">
        <h2 id="own-photos-heading" className="h5 mb-1">
          {t('photos.title')}
        </h2>
        <p className="small text-body-secondary mb-0" data-testid="photo-count">
          {t('photos.count', { number: photos.length, limit })}
          {!user.paid_user && (
            <span className="d-block">{t('photos.premiumMore', { limit: PREMIUM_PHOTO_LIMIT })}</span>
          )}
        </p>
      </div>
      {error && <ErrorAlert className="py-2">{error}</ErrorAlert>}
      <ul className="row row-cols-2 row-cols-sm-3 g-2 list-unstyled own-photos">
        {photos.map((photo) => {
          const isMain = photo.filename === mainFile;
          const badge = STATUS_BADGE[photo.status];
          return (
            <li key={photo.id} className="col" data-testid="own-photo">
              <div className="card h-100 shadow-sm">
                <div className="ratio ratio-1x1 position-relative">
                  <img
                    src={photoUrl(settings.cdn_prefix, photo.match) ?? ''}
                    alt={t('photos.alt')}
                    className="object-fit-cover rounded-top"
                    loading="lazy"
                  />
                  <div className="position-absolute top-0 start-0 w-auto h-auto p-1 d-flex flex-wrap align-items-start gap-1">
                    {isMain && <span className="badge text-bg-primary">{t('photos.main')}</span>}
                    {badge && <span className={`badge ${badge}`}>{t(`photos.status.${photo.status}`)}</span>}
                    {photo.is_private && <span className="badge text-bg-dark">{t('photos.private')}</span>}
                  </div>
                </div>
                <div className="card-body p-2 d-grid gap-1 align-content-start">
                  {photo.status === 'rejected' && photo.reject_reason && (
                    <p className="small text-danger-emphasis mb-1" data-testid="photo-reject-reason">
                      {t(`photoRejectReasons.${photo.reject_reason}`)}
                    </p>
                  )}
                  {!isMain && !photo.is_private && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      disabled={update.isPending}
                      onClick={() => update.mutate({ photo: photo.id, main: true }, { onError })}
                    >
                      {t('photos.makeMain')}
                    </button>
                  )}
                  {!isMain && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      disabled={update.isPending}
                      onClick={() => update.mutate({ photo: photo.id, is_private: !photo.is_private }, { onError })}
                    >
                      {photo.is_private ? t('photos.makePublic') : t('photos.makePrivate')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={remove.isPending}
                    onClick={() => setDeleting(photo.id)}
                  >
                    {t('photos.delete')}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {photos.some((p) => p.status === 'awaiting_approval') && (
        <p className="small text-body-secondary">{t('photos.awaitingNote')}</p>
      )}
      {progress !== null && (
        <div
          className="progress mb-2"
          role="progressbar"
          aria-label={t('photos.uploading')}
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="progress-bar progress-bar-striped progress-bar-animated"
            style={{ width: `${Math.max(5, progress * 100)}%` }}
          >
            {progress >= 1 ? t('photos.processing') : `${Math.round(progress * 100)}%`}
          </div>
        </div>
      )}
      {isFull ? (
        <p className="alert alert-info py-2 mb-0">{t('photos.limitReached', { limit })}</p>
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-3">
          <label htmlFor={inputId} className={`btn btn-primary mb-0${upload.isPending ? ' disabled' : ''}`}>
            {t('photos.add')}
          </label>
          <input
            id={inputId}
            type="file"
            className="visually-hidden"
            accept={types.join(',')}
            onChange={handleFile}
            disabled={upload.isPending}
            data-testid="photo-input"
          />
          <div className="form-check mb-0">
            <input
              id={`${inputId}-private`}
              type="checkbox"
              className="form-check-input"
              checked={uploadPrivate}
              onChange={(e) => setUploadPrivate(e.target.checked)}
            />
            <label htmlFor={`${inputId}-private`} className="form-check-label small">
              {t('photos.uploadPrivate')}
            </label>
          </div>
          <small className="text-body-secondary w-100">{t('photos.hint', { megabytes: max_megabytes })}</small>
        </div>
      )}
      {deleting !== null && (
        <ConfirmDialog
          question={t('photos.confirmDelete')}
          confirmLabel={t('photos.delete')}
          onConfirm={() => {
            remove.mutate(deleting, { onError });
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
