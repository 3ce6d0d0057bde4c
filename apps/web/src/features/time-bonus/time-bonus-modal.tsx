import { TIME_BONUS_SECONDS } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/modal';
import { formatCountdown } from './countdown';

/** The time-bonus dialog (SPEC.md 2, 9): 25% welcome bonus, act fast within 4 hours; a button to /credits. */
export function TimeBonusModal({
  percentage,
  secondsLeft,
  onClose,
}: {
  percentage: number;
  secondsLeft: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const goToCredits = () => {
    onClose();
    void navigate('/credits');
  };
  return (
    <Modal
      title={t('timeBonus.modal.title', { percentage })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('timeBonus.modal.later')}
          </button>
          <button type="button" className="btn btn-primary" onClick={goToCredits} data-testid="time-bonus-modal-buy">
            {t('timeBonus.modal.buy')}
          </button>
        </>
      }
    >
      <p>{t('timeBonus.modal.text', { percentage, hours: TIME_BONUS_SECONDS / 3600 })}</p>
      <p className="mb-0 text-center">
        <span className="badge text-bg-primary fs-5 font-monospace" role="timer">
          {formatCountdown(secondsLeft)}
        </span>
      </p>
    </Modal>
  );
}
