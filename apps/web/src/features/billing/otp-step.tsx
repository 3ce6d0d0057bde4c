import { DIRECT_DEBIT_OTP } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { confirmDirectDebit, startDirectDebit } from './api';
import { DirectDebitError } from './direct-debit-error';
import type { StartedMandate } from './direct-debit-form';

/** Tries left from an otp_invalid answer (`data.tries_left`), or null when not told. */
export function triesLeft(error: unknown): number | null {
  if (!isApiError(error, 'otp_invalid')) return null;
  const left = (error.data as { tries_left?: unknown } | undefined)?.tries_left;
  return typeof left === 'number' ? left : null;
}

/**
 * Step 2 of /directdebit: the SMS code sent to the masked phone; POST /api/directdebit-confirm.php.
 * A wrong code says "Code ongeldig" with the tries left; an expired or used-up code offers a new one;
 * success goes to the payment result page /credits/{package}/sdd?payment_id=N.
 */
export function OtpStep({ started, onRestart }: { started: StartedMandate; onRestart: (s: StartedMandate) => void }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [otp, setOtp] = useState('');
  const confirm = useMutation({
    mutationFn: confirmDirectDebit,
    onSuccess: ({ payment }) => {
      void client.invalidateQueries({ queryKey: ['billing'] });
      navigate(`/credits/${payment.package}/sdd?payment_id=${payment.payment_id}`);
    },
  });
  const resend = useMutation({
    mutationFn: () => startDirectDebit(started.body),
    onSuccess: (answer) => {
      setOtp('');
      confirm.reset();
      onRestart({ ...started, mandate: answer.mandate, phone_hint: answer.phone_hint });
    },
  });
  const isInvalid = isApiError(confirm.error, 'otp_invalid');
  const isExpired = isApiError(confirm.error, 'otp_expired') || triesLeft(confirm.error) === 0;
  const left = triesLeft(confirm.error);
  const message = isApiError(confirm.error) ? confirm.error.message : '';
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (otp.length === 0) return;
    confirm.mutate({ mandate: started.mandate, otp });
  };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="otp-form">
      <p>{t('directDebit.codeSent', { phone: started.phone_hint })}</p>
      {confirm.error && !isInvalid && !isExpired && <DirectDebitError error={confirm.error} />}
      {resend.error && <DirectDebitError error={resend.error} />}
      <label htmlFor="dd-otp" className="form-label">
        {t('directDebit.code')}
      </label>
      <input
        id="dd-otp"
        className={`form-control otp-input mb-1${isInvalid || isExpired ? ' is-invalid' : ''}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={DIRECT_DEBIT_OTP.digits}
        value={otp}
        disabled={isExpired}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
        aria-describedby="dd-otp-feedback"
      />
      <div id="dd-otp-feedback" className="invalid-feedback" data-testid="otp-feedback">
        {(isInvalid || isExpired) && <div>{message}</div>}
        {left !== null && (
          <div>{left > 0 ? t('directDebit.triesLeft', { count: left }) : t('directDebit.noTriesLeft')}</div>
        )}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        {!isExpired && (
          <button type="submit" className="btn btn-primary" disabled={confirm.isPending || otp.length === 0}>
            {t('directDebit.confirm')}
          </button>
        )}
        <button
          type="button"
          className={`btn ${isExpired ? 'btn-primary' : 'btn-link'}`}
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('directDebit.newCode')}
        </button>
      </div>
    </form>
  );
}
