import type { VerificationReview } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { SiteSelect } from '../components/site-select';
import { useDecideVerification, verificationQueueQuery } from '../features/moderation/api';
import { formatDateTime } from '../lib/format';

/**
 * Verified members' queue (issue: verified members): selfies the face model did not verify (below the
 * threshold or no face), oldest first, each beside the profile's approved photos with the pose that
 * was asked for and the model's score; approve gives the badge, reject does not. The selfie is
 * deleted either way; every view of it is audited on the server.
 */
export function Component() {
  const { t } = useTranslation('admin-moderation');
  const [siteId, setSiteId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState('');
  const queue = useQuery(verificationQueueQuery(siteId, page));
  const decide = useDecideVerification();
  const handle = (review: VerificationReview, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: review.id, decision },
      {
        onSuccess: (r) =>
          setMessage(
            t(r.status === 'verified' ? 'verifications.approved' : 'verifications.rejected', {
              name: review.profile_name,
            }),
          ),
      },
    );

  return (
    <>
      <PageTitle
        actions={
          queue.data && (
            <span className="badge text-bg-secondary">{t('verifications.waiting', { count: queue.data.total })}</span>
          )
        }
      >
        {t('verifications.title')}
      </PageTitle>
      <p className="text-body-secondary small">{t('verifications.intro')}</p>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <SiteSelect
          value={siteId}
          onChange={(site) => {
            setSiteId(site);
            setPage(1);
          }}
        />
      </div>
      <AdminError error={queue.error ?? decide.error} />
      <p className="small mb-2" role="status" data-testid="verification-queue-status">
        {message}
      </p>
      {queue.data && queue.data.reviews.length === 0 && <p>{t('verifications.empty')}</p>}
      {queue.data?.reviews.map((review) => (
        <ReviewCard key={review.id} review={review} isBusy={decide.isPending} onDecide={(d) => handle(review, d)} />
      ))}
      {queue.data && <Pager page={page} more={queue.data.more} onPage={setPage} />}
    </>
  );
}

/** One selfie beside the profile's approved photos, with the pose, the score and the two decisions. */
function ReviewCard({
  review,
  isBusy,
  onDecide,
}: {
  review: VerificationReview;
  isBusy: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const { t } = useTranslation('admin-moderation');
  const score = review.score === null ? null : review.score.toFixed(2);
  return (
    <section className="card mb-3" aria-labelledby={`review-${review.id}`} data-testid="verification-review">
      <div className="card-body">
        <h2 id={`review-${review.id}`} className="h5">
          {review.profile_name}{' '}
          <small className="text-body-secondary">
            {t('photos.profile', { id: review.profile_id, site: review.site_name })}
          </small>
        </h2>
        <dl className="row small mb-2">
          <dt className="col-sm-3">{t('verifications.pose')}</dt>
          <dd className="col-sm-9" data-testid="verification-pose">
            {t(`verifications.poses.${review.pose}`)}
          </dd>
          <dt className="col-sm-3">{t('verifications.poseCheck')}</dt>
          <dd className="col-sm-9" data-testid="verification-pose-check">
            {review.pose_matched === null || !review.head_angles
              ? t('verifications.poseUnknown')
              : t(review.pose_matched ? 'verifications.poseShown' : 'verifications.poseNotShown', {
                  yaw: Math.round(review.head_angles.yaw),
                  roll: Math.round(review.head_angles.roll),
                })}
          </dd>
          <dt className="col-sm-3">{t('verifications.score')}</dt>
          <dd className="col-sm-9" data-testid="verification-score">
            {review.face_found === null
              ? t('verifications.notChecked')
              : !review.face_found
                ? t('verifications.noFace')
                : score === null
                  ? t('verifications.noPhotoFace')
                  : t('verifications.scoreValue', { score, threshold: review.threshold.toFixed(2) })}
          </dd>
          <dt className="col-sm-3">{t('verifications.submitted')}</dt>
          <dd className="col-sm-9">{formatDateTime(review.submitted_at)}</dd>
        </dl>
        <div className="d-flex flex-wrap gap-3 align-items-start">
          <figure className="mb-0">
            <img
              src={review.selfie_url}
              alt={t('verifications.selfieAlt', { name: review.profile_name })}
              width={240}
              className="rounded border"
            />
            <figcaption className="small">{t('verifications.selfie')}</figcaption>
          </figure>
          {review.photos.map((photo, i) => (
            <figure className="mb-0" key={photo.id}>
              <img
                src={photo.full_url}
                alt={t('photos.alt', { number: i + 1, name: review.profile_name })}
                width={160}
                className={`rounded border ${photo.id === review.best_photo_id ? 'border-primary border-3' : ''}`}
              />
              <figcaption className="small">
                {photo.is_main && t('photos.main')}
                {photo.id === review.best_photo_id && ` · ${t('verifications.closest')}`}
              </figcaption>
            </figure>
          ))}
        </div>
        <div className="d-flex gap-2 mt-3">
          <button
            type="button"
            className="btn btn-success btn-sm"
            disabled={isBusy}
            onClick={() => onDecide('approve')}
          >
            {t('verifications.approve', { name: review.profile_name })}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={isBusy}
            onClick={() => onDecide('reject')}
          >
            {t('verifications.reject', { name: review.profile_name })}
          </button>
        </div>
      </div>
    </section>
  );
}
