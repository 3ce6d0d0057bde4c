import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** A labelled select of the photo rejection reasons (the owner sees the chosen one in their language). */
export function RejectReasonSelect({
  id,
  label,
  value,
  onChange,
  isLabelHidden = false,
}: {
  id: string;
  label: string;
  value: PhotoRejectReason | '';
  onChange: (reason: PhotoRejectReason | '') => void;
  isLabelHidden?: boolean;
}) {
  const { t } = useTranslation('admin-moderation');
  return (
    <div>
      <label htmlFor={id} className={isLabelHidden ? 'visually-hidden' : 'form-label small mb-1'}>
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => onChange(e.target.value as PhotoRejectReason | '')}
      >
        <option value="">{t('photos.chooseReason')}</option>
        {PHOTO_REJECT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {t(`photoReasons.${reason}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
