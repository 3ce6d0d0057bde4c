import {
  type AdminFictionalDetail,
  type AdminFictionalPhotos,
  type AdminMemberPhoto,
  adminFictionalCalls,
  FICTIONAL_PHOTO_LIMIT,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { call } from '../../../lib/api';
import { Section } from '../members/section';
import { fictionalErrorMessage } from './fictional-errors';
import { fictionalKeys } from './queries';

type PhotoChange =
  | { kind: 'update'; photo: number; main?: true; is_private?: boolean; position?: number }
  | { kind: 'delete'; photo: number };

/** One photo with its actions: main image, private or public, move, delete (asked twice). */
function PhotoTile({
  photo,
  index,
  count,
  busy,
  canEdit,
  onChange,
}: {
  photo: AdminMemberPhoto;
  index: number;
  count: number;
  busy: boolean;
  canEdit: boolean;
  onChange: (change: PhotoChange) => void;
}) {
  const { t } = useTranslation('admin-fictional');
  const [confirming, setConfirming] = useState(false);
  const n = index + 1;
  return (
    <li className="col">
      <figure className="card h-100 mb-0">
        <a href={photo.url} target="_blank" rel="noreferrer">
          <img className="card-img-top admin-thumb w-100" src={photo.thumb_url} alt={t('photos.alt', { n })} />
        </a>
        <figcaption className="card-body p-2 small">
          <div className="mb-2">
            {photo.is_main && <span className="badge text-bg-primary me-1">{t('photos.main')}</span>}
            {photo.is_private && <span className="badge text-bg-dark me-1">{t('photos.private')}</span>}
            {!photo.is_main && !photo.is_private && <span className="text-body-secondary">{t('photos.public')}</span>}
          </div>
          {canEdit && (
            <div className="d-flex flex-wrap gap-1">
              {!photo.is_main && !photo.is_private && (
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm"
                  disabled={busy}
                  onClick={() => onChange({ kind: 'update', photo: photo.id, main: true })}
                >
                  {t('photos.makeMain', { n })}
                </button>
              )}
              {!photo.is_main && (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={busy}
                  onClick={() => onChange({ kind: 'update', photo: photo.id, is_private: !photo.is_private })}
                >
                  {photo.is_private ? t('photos.makePublic', { n }) : t('photos.makePrivate', { n })}
                </button>
              )}
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={busy || index === 0}
                onClick={() => onChange({ kind: 'update', photo: photo.id, position: index - 1 })}
              >
                {t('photos.moveUp', { n })}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={busy || index === count - 1}
                onClick={() => onChange({ kind: 'update', photo: photo.id, position: index + 1 })}
              >
                {t('photos.moveDown', { n })}
              </button>
              {confirming ? (
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={busy}
                  onClick={() => onChange({ kind: 'delete', photo: photo.id })}
                >
                  {t('photos.deleteConfirm', { n })}
                </button>
              ) : (
                <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(true)}>
                  {t('photos.delete', { n })}
                </button>
              )}
            </div>
          )}
        </figcaption>
      </figure>
    </li>
  );
}

/**
 * The photos of a fictional profile (private ones too) and, for admins, the upload (through the
 * members' photo pipeline, approved at once) and each photo's actions.
 */
export function PhotoManager({ detail, canEdit }: { detail: AdminFictionalDetail; canEdit: boolean }) {
  const { t } = useTranslation('admin-fictional');
  const queryClient = useQueryClient();
  const id = detail.profile.id;
  const fileInput = useRef<HTMLInputElement>(null);
  const [isPrivate, setIsPrivate] = useState(false);
  const [hasFile, setHasFile] = useState(false);

  const apply = (result: AdminFictionalPhotos) => {
    queryClient.setQueryData(fictionalKeys.detail(id), (old: AdminFictionalDetail | undefined) =>
      old ? { ...old, photos: result.photos, profile: { ...old.profile, main_photo_id: result.main_photo_id } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: [...fictionalKeys.all, 'list'] });
  };
  const upload = useMutation({
    mutationFn: (form: FormData) => call(adminFictionalCalls.uploadPhoto, { query: { id }, form }),
    onSuccess: (result) => {
      apply(result);
      if (fileInput.current) fileInput.current.value = '';
      setHasFile(false);
      setIsPrivate(false);
    },
  });
  const change = useMutation({
    mutationFn: (c: PhotoChange) => {
      if (c.kind === 'delete') return call(adminFictionalCalls.deletePhoto, { body: { id, photo: c.photo } });
      const { kind: _kind, ...body } = c;
      return call(adminFictionalCalls.updatePhoto, { body: { id, ...body } });
    },
    onSuccess: apply,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.set('is_private', String(isPrivate));
    form.set('file', file);
    upload.mutate(form);
  }

  const full = detail.photos.length >= FICTIONAL_PHOTO_LIMIT;
  return (
    <Section id="photos" title={t('photos.title', { count: detail.photos.length })}>
      {canEdit && (
        <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('photos.upload')}>
          <div className="col-12 col-md-6">
            <label className="form-label" htmlFor="fictional-photo-file">
              {t('photos.file')}
            </label>
            <input
              ref={fileInput}
              id="fictional-photo-file"
              className="form-control"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
              aria-describedby="fictional-photo-hint"
              disabled={full}
              onChange={(e) => setHasFile(Boolean(e.target.files?.length))}
            />
          </div>
          <div className="col-12 col-md-3">
            <div className="form-check mb-2">
              <input
                className="form-check-input"
                type="checkbox"
                id="fictional-photo-private"
                checked={isPrivate}
                onChange={(e) => setIsPrivate(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="fictional-photo-private">
                {t('photos.uploadPrivate')}
              </label>
            </div>
          </div>
          <div className="col-12 col-md-3">
            <button type="submit" className="btn btn-primary w-100" disabled={!hasFile || upload.isPending || full}>
              {upload.isPending ? t('photos.uploading') : t('photos.upload')}
            </button>
          </div>
          <p className="form-text col-12 mb-0" id="fictional-photo-hint">
            {full
              ? t('photos.full', { limit: FICTIONAL_PHOTO_LIMIT })
              : t('photos.hint', { limit: FICTIONAL_PHOTO_LIMIT })}
          </p>
        </form>
      )}
      {upload.isError && <ErrorAlert className="mb-3">{fictionalErrorMessage(upload.error)}</ErrorAlert>}
      {change.isError && <ErrorAlert className="mb-3">{fictionalErrorMessage(change.error)}</ErrorAlert>}
      {detail.photos.length === 0 ? (
        <p className="mb-0">{t('photos.none')}</p>
      ) : (
        <ul
          className="row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-2 list-unstyled mb-0"
          data-testid="fictional-photos"
        >
          {detail.photos.map((p, i) => (
            <PhotoTile
              key={p.id}
              photo={p}
              index={i}
              count={detail.photos.length}
              busy={change.isPending}
              canEdit={canEdit}
              onChange={(c) => change.mutate(c)}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}
