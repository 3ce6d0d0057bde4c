import type { PhotoRejectReason, StaffPhoto } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RejectReasonSelect } from './reason-select';

/** The explicit-photo model's score in words and digits (issue: explicit photos): a signal, not a verdict. */
function ExplicitScore({ photo }: { photo: StaffPhoto }) {
  const { t } = useTranslation('admin-moderation');
  if (photo.explicit_score === undefined) return null;
  if (photo.explicit_score === null) {
    return (
      <span className="badge text-bg-light border" data-testid="explicit-score">
        {t('photos.notScored')}
      </span>
    );
  }
  const score = photo.explicit_score.toFixed(2);
  return (
    <span
      className={`badge ${photo.above_threshold ? 'text-bg-warning' : 'text-bg-light border'}`}
      data-testid="explicit-score"
      data-score={score}
    >
      {t(photo.above_threshold ? 'photos.scoreAbove' : 'photos.score', { score })}
    </span>
  );
}

/** Badges of a photo in words (never colour alone): main image, private, and its status beside the queue. */
export function PhotoBadges({ photo, showStatus }: { photo: StaffPhoto; showStatus: boolean }) {
  const { t } = useTranslation('admin-moderation');
  return (
    <div className="d-flex flex-wrap gap-1 small">
      {photo.is_main && <span className="badge text-bg-primary">{t('photos.main')}</span>}
      {photo.is_private && <span className="badge text-bg-dark">{t('photos.private')}</span>}
      {showStatus && (
        <span className={`badge ${photo.status === 'rejected' ? 'text-bg-danger' : 'text-bg-secondary'}`}>
          {t(`photoStatus.${photo.status}`)}
        </span>
      )}
      {photo.reject_reason && <span className="text-body-secondary">{t(`photoReasons.${photo.reject_reason}`)}</span>}
      <ExplicitScore photo={photo} />
    </div>
  );
}

/**
 * A waiting photo of the queue: its selection checkbox, thumbnail (a link to the full size), badges
 * and its own approve, or reject with a reason.
 */
export function WaitingPhotoTile({
  photo,
  number,
  name,
  isSelected,
  isBusy,
  onSelect,
  onDecide,
}: {
  photo: StaffPhoto;
  number: number;
  name: string;
  isSelected: boolean;
  isBusy: boolean;
  onSelect: (selected: boolean) => void;
  onDecide: (decision: 'approve' | 'reject', reason?: PhotoRejectReason) => void;
}) {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const [reason, setReason] = useState<PhotoRejectReason | ''>('');
  const [isReasonMissing, setReasonMissing] = useState(false);
  const labels = { number, name };
  const reject = () => {
    if (!reason) return setReasonMissing(true);
    onDecide('reject', reason);
  };
  return (
    <li className="card p-2" style={{ width: 168 }} data-testid="waiting-photo" data-photo-id={photo.id}>
      <div className="form-check mb-1">
        <input
          id={`${id}-select`}
          className="form-check-input"
          type="checkbox"
          checked={isSelected}
          onChange={(e) => onSelect(e.target.checked)}
        />
        <label className="form-check-label small" htmlFor={`${id}-select`}>
          {t('photos.select', labels)}
        </label>
      </div>
      <a href={photo.full_url} target="_blank" rel="noreferrer" title={t('photos.openFull')}>
        <img
          src={photo.thumb_url}
          alt={t('photos.alt', labels)}
          className="admin-thumb rounded d-block"
          loading="lazy"
        />
      </a>
      <div className="my-1">
        <PhotoBadges photo={photo} showStatus={false} />
      </div>
      <RejectReasonSelect
        id={`${id}-reason`}
        label={t('photos.reasonFor', labels)}
        value={reason}
        onChange={(r) => {
          setReason(r);
          setReasonMissing(false);
        }}
        isLabelHidden
      />
      {isReasonMissing && (
        <p className="small text-danger-emphasis mb-0" role="alert">
          {t('photos.reasonRequired')}
        </p>
      )}
      <div className="d-flex gap-1 mt-2">
        <button
          type="button"
          className="btn btn-sm btn-success flex-fill"
          disabled={isBusy}
          aria-label={t('photos.approveOne', labels)}
          onClick={() => onDecide('approve')}
        >
          {t('photos.approve')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger flex-fill"
          disabled={isBusy}
          aria-label={t('photos.rejectOne', labels)}
          onClick={reject}
        >
          {t('photos.reject')}
        </button>
      </div>
    </li>
  );
}
