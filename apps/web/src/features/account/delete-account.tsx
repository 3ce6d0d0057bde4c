import { REACTIVATION_DAYS } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/modal';
import { clearSession } from '../session/clear-session';
import { accessApi } from './access-api';
import { ApiErrorAlert } from './api-error-alert';

/**
 * Account deletion flow (SPEC.md 2, 4): step 1 the retention offer (GET /api/account-delete.php; staying
 * just closes, the discount is offered at checkout), step 2 reason, password and an explicit
 * confirmation (POST /api/account-delete.php), then the session is cleared and /account-deleted shows.
 */
export function DeleteAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<'offer' | 'confirm'>('offer');
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [isConfirmed, setConfirmed] = useState(false);
  const offer = useQuery({ queryKey: ['deletion-offer'], queryFn: ({ signal }) => accessApi.deletionOffer(signal) });
  const remove = useMutation({
    mutationFn: accessApi.deleteAccount,
    onSuccess: async () => {
      // Leave the members area first, so its guard does not send the now logged-out member to /login.
      await navigate('/account-deleted', { replace: true });
      clearSession(client);
    },
  });
  const days = offer.data?.reactivation_days ?? REACTIVATION_DAYS;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate({ password, reason: reason.trim() || undefined });
  };

  if (step === 'offer') {
    return (
      <Modal title={t('settings.delete.offerTitle')} onClose={onClose}>
        <div data-testid="deletion-offer">
          {offer.data && offer.data.delete_discount > 0 && (
            <div className="alert alert-info">
              <p className="fw-semibold mb-1">{t('settings.delete.offer', { discount: offer.data.delete_discount })}</p>
              <p className="small mb-0">{t('settings.delete.offerNote')}</p>
            </div>
          )}
          <p>{t('settings.delete.consequences', { days })}</p>
          <div className="d-grid gap-2">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {offer.data && offer.data.delete_discount > 0
                ? t('settings.delete.stayWithDiscount', { discount: offer.data.delete_discount })
                : t('settings.delete.stay')}
            </button>
            <button type="button" className="btn btn-outline-danger" onClick={() => setStep('confirm')}>
              {t('settings.delete.continue')}
            </button>
          </div>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={t('settings.delete.confirmTitle')} onClose={onClose} isDismissible={!remove.isPending}>
      <form onSubmit={handleSubmit} data-testid="deletion-confirm" noValidate>
        <ApiErrorAlert error={remove.error} showResetLink={false} />
        <div className="mb-3">
          <label htmlFor="delete-reason" className="form-label">
            {t('settings.delete.reason')}
          </label>
          <textarea
            id="delete-reason"
            className="form-control"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="mb-3">
          <label htmlFor="delete-password" className="form-label">
            {t('password.current')}
          </label>
          <input
            id="delete-password"
            type="password"
            className="form-control"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="form-check mb-3">
          <input
            id="delete-confirm"
            type="checkbox"
            className="form-check-input"
            checked={isConfirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
          <label htmlFor="delete-confirm" className="form-check-label">
            {t('settings.delete.confirmCheck', { days })}
          </label>
        </div>
        <div className="d-flex gap-2 justify-content-end">
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={remove.isPending}>
            {t('settings.delete.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={!isConfirmed || !password || remove.isPending}>
            {remove.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('settings.delete.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
