import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { errorText } from '../account/api-error-alert';
import { StepFrame } from './step-frame';
import { uploadPhoto } from './upload-photo';

/** Signup step 1: a profile photo (POST /api/photos.php), or skip (SPEC.md 4). */
export function StepPhoto({ step, total, onDone }: { step: number; total: number; onDone: () => void }) {
  const { t } = useTranslation('access');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadPhoto, onSuccess: onDone });

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const isUnavailable = upload.error instanceof ApiError && upload.error.status === 404;
  return (
    <StepFrame
      title={t('steps.photo.title')}
      step={step}
      total={total}
      onSkip={onDone}
      onNext={() => (file ? upload.mutate(file) : onDone())}
      nextLabel={file && !isUnavailable ? t('steps.photo.upload') : t('steps.next')}
      isBusy={upload.isPending}
      isNextDisabled={isUnavailable}
    >
      <p>{t('steps.photo.text')}</p>
      {preview && (
        <img src={preview} alt="" className="rounded mb-3 d-block object-fit-cover" width={120} height={120} />
      )}
      <label htmlFor="signup-photo" className="form-label">
        {t('steps.photo.choose')}
      </label>
      <input
        id="signup-photo"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic"
        className="form-control"
        onChange={(e) => {
          upload.reset();
          setFile(e.target.files?.[0] ?? null);
        }}
      />
      {upload.isError && (
        <div className="alert alert-warning mt-3 mb-0" role="alert">
          {isUnavailable ? t('steps.photo.unavailable') : errorText(upload.error, t)}
        </div>
      )}
    </StepFrame>
  );
}
