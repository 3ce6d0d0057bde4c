import type { VerificationAttempt } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../features/account/api-error-alert';
import { VerifiedBadge } from '../features/members/verified-badge';
import { startVerification, uploadSelfie, VERIFICATION_KEY, verificationQuery } from '../features/verification/api';
import { CameraCapture } from '../features/verification/camera-capture';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Verify your profile (/verify; issue: verified members): a random pose, a selfie from the camera (or
 * an uploaded photo when there is no camera), then the state: checking, waiting for a moderator,
 * verified, not verified. The selfie is private: only the member and moderators see it, and it is
 * deleted when decided (the privacy page says so).
 */
export function VerifyPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('verify.title'));
  const queryClient = useQueryClient();
  const state = useQuery(verificationQuery);
  const [hasNoCamera, setNoCamera] = useState(false);
  const onUnavailable = useCallback(() => setNoCamera(true), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
  const start = useMutation({ mutationFn: startVerification, onSuccess: refresh });
  const send = useMutation({
    mutationFn: ({ attempt, file }: { attempt: number; file: Blob }) => uploadSelfie(attempt, file),
    onSuccess: refresh,
  });

  const data = state.data;
  const attempt = data?.attempt ?? null;
  const isTaking = attempt?.status === 'awaiting_selfie';
  const canStart =
    data?.has_main_photo &&
    !data.verified &&
    (!attempt || !['checking', 'awaiting_review', 'awaiting_selfie'].includes(attempt.status));
  const onCapture = (file: Blob) => attempt && send.mutate({ attempt: attempt.id, file });

  return (
    <div className="container py-4 verify-page" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-2">{t('verify.title')}</h1>
      <p className="text-body-secondary">{t('verify.intro')}</p>
      <p className="small text-body-secondary">
        {t('verify.privacy')} <Link to="/pages/privacy">{t('common:footer.privacy')}</Link>
      </p>
      {state.isError && <p className="alert alert-danger">{errorText(state.error, t)}</p>}
      {data?.verified && (
        <div className="alert alert-success d-flex gap-2 align-items-center" role="status" data-testid="verify-status">
          <VerifiedBadge /> {t('verify.done')}
        </div>
      )}
      {data && !data.verified && data.lapsed && !attempt?.status.startsWith('awaiting') && (
        <p className="alert alert-info" role="status">
          {t('verify.lapsed')}
        </p>
      )}
      {data && !data.has_main_photo && !data.verified && (
        <p className="alert alert-warning" role="status">
          {t('verify.needsPhoto')} <Link to="/profile">{t('verify.toPhotos')}</Link>
        </p>
      )}
      {attempt && !data?.verified && <AttemptStatus attempt={attempt} />}
      {canStart && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => start.mutate()}
          disabled={start.isPending}
          data-testid="verify-start"
        >
          {attempt ? t('verify.again') : t('verify.start')}
        </button>
      )}
      {start.isError && <p className="alert alert-danger mt-2">{errorText(start.error, t)}</p>}
      {isTaking && attempt && (
        <section className="card card-body shadow-sm mt-3" aria-labelledby="verify-pose">
          <h2 id="verify-pose" className="h5" data-testid="verify-pose">
            {t(`verify.pose.${attempt.pose}`)}
          </h2>
          <p className="small text-body-secondary">
            {t('verify.poseHint')} {t('verify.poseHelp')}
          </p>
          {!hasNoCamera && (
            <CameraCapture onCapture={onCapture} onUnavailable={onUnavailable} isBusy={send.isPending} />
          )}
          <div className="mt-3">
            <label className="form-label small" htmlFor="verify-upload">
              {hasNoCamera ? t('verify.noCamera') : t('verify.uploadInstead')}
            </label>
            <input
              id="verify-upload"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="user"
              className="form-control"
              disabled={send.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) onCapture(file);
              }}
              data-testid="verify-upload"
            />
          </div>
          {send.isPending && (
            <p className="mt-2 mb-0" role="status">
              {t('verify.sending')}
            </p>
          )}
          {send.isError && <p className="alert alert-danger mt-2 mb-0">{errorText(send.error, t)}</p>}
        </section>
      )}
    </div>
  );
}

/** What became of the latest attempt, in words (a live region: it changes while the model compares). */
function AttemptStatus({ attempt }: { attempt: VerificationAttempt }) {
  const { t } = useTranslation('profile');
  if (attempt.status === 'awaiting_selfie') return null;
  const tone = attempt.status === 'rejected' || attempt.status === 'expired' ? 'warning' : 'info';
  return (
    <div className={`alert alert-${tone}`} role="status" aria-live="polite" data-testid="verify-status">
      {t(`verify.status.${attempt.status}`)}
      {attempt.status === 'awaiting_review' && (
        <span className="d-block small mt-1">{t('verify.poseAsked', { pose: t(`verify.pose.${attempt.pose}`) })}</span>
      )}
    </div>
  );
}

export { VerifyPage as Component };
