import { REFUND_REASON_MAX } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { formatCents } from '../../lib/format';
import { billingKeys, refundPayment } from './api';
import { centsToAmountInput, parseAmountToCents } from './money';

/**
 * Refund a paid payment in full or in part (admins; issue: back office I): the amount in the
 * payment's currency (default what is left, turned into cents) and a reason, then an explicit
 * confirmation. The provider refunds first; the member's credits are taken back in proportion.
 */
export function RefundForm({
  paymentId,
  currency,
  leftCents,
}: {
  paymentId: number;
  currency: string;
  leftCents: number;
}) {
  const { t, i18n } = useTranslation('admin-billing');
  const id = useId();
  const queryClient = useQueryClient();
  const comma = i18n.language === 'nl';
  const [amount, setAmount] = useState(centsToAmountInput(leftCents, comma));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [invalid, setInvalid] = useState<'amount' | 'reason' | null>(null);
  // A refund changes what is left: the amount starts from the new rest.
  useEffect(() => setAmount(centsToAmountInput(leftCents, comma)), [leftCents, comma]);
  const refund = useMutation({
    mutationFn: (cents: number) => refundPayment({ id: paymentId, amount_cents: cents, reason: reason.trim() }),
    onSuccess: () => {
      setConfirming(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const cents = parseAmountToCents(amount);
    if (cents === null || cents <= 0 || cents > leftCents) return setInvalid('amount');
    if (!reason.trim()) return setInvalid('reason');
    setInvalid(null);
    refund.reset();
    setConfirming(cents);
  }

  const done = refund.data;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="refund-form">
      <h3 className="h6" id={`${id}-title`}>
        {t('refund.title')}
      </h3>
      {done && (
        <div className="alert alert-success" role="status" data-testid="refund-done">
          {t('refund.done', {
            amount: formatCents(done.refund.amount_cents, currency),
            count: done.credits_taken,
            balance: done.balance,
          })}
        </div>
      )}
      {leftCents === 0 ? (
        <p className="mb-0">{t('refund.nothingLeft')}</p>
      ) : (
        <>
          <div className="row g-2">
            <div className="col-sm-4">
              <label className="form-label small mb-1" htmlFor={`${id}-amount`}>
                {t('refund.amount', { currency })}
              </label>
              <input
                id={`${id}-amount`}
                className={`form-control form-control-sm${invalid === 'amount' ? ' is-invalid' : ''}`}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                aria-describedby={`${id}-amount-hint`}
                aria-invalid={invalid === 'amount'}
                onChange={(e) => setAmount(e.target.value)}
              />
              <div id={`${id}-amount-hint`} className={invalid === 'amount' ? 'invalid-feedback d-block' : 'form-text'}>
                {t('refund.amountHint', { max: formatCents(leftCents, currency) })}
              </div>
            </div>
            <div className="col-sm-8">
              <label className="form-label small mb-1" htmlFor={`${id}-reason`}>
                {t('refund.reason')}
              </label>
              <textarea
                id={`${id}-reason`}
                className={`form-control form-control-sm${invalid === 'reason' ? ' is-invalid' : ''}`}
                rows={2}
                maxLength={REFUND_REASON_MAX}
                required
                value={reason}
                aria-invalid={invalid === 'reason'}
                aria-describedby={invalid === 'reason' ? `${id}-reason-error` : undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              {invalid === 'reason' && (
                <div id={`${id}-reason-error`} className="invalid-feedback d-block">
                  {t('refund.reasonRequired')}
                </div>
              )}
            </div>
          </div>
          <AdminError error={refund.error} />
          {confirming === null ? (
            <button type="submit" className="btn btn-outline-danger btn-sm mt-2">
              {t('refund.submit')}
            </button>
          ) : (
            <div className="alert alert-warning mt-2 mb-0" role="alert">
              <p className="mb-2">{t('refund.confirm', { amount: formatCents(confirming, currency) })}</p>
              <div className="d-flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={refund.isPending}
                  onClick={() => refund.mutate(confirming)}
                >
                  {t('refund.confirmButton', { amount: formatCents(confirming, currency) })}
                </button>
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(null)}>
                  {t('admin:common.cancel')}
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </form>
  );
}
