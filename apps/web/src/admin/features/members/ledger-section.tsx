import { type AdminMemberDetail, adminMemberCalls, MAX_CREDIT_ADJUSTMENT } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { call } from '../../../lib/api';
import { formatDateTime } from '../../lib/format';
import { codeLabel } from './labels';
import { memberErrorMessage } from './member-errors';
import { memberKeys } from './queries';
import { Section, TableBox } from './section';

/** The credit ledger (newest first) and, for admins, the adjustment form. */
export function LedgerSection({ detail, canAdjust }: { detail: AdminMemberDetail; canAdjust: boolean }) {
  const { t } = useTranslation('admin-members');
  return (
    <Section id="ledger" title={t('sections.ledger')}>
      <p>{t('ledger.balance', { credits: detail.account.credits })}</p>
      {canAdjust && !detail.account.erased_at && <CreditAdjustForm id={detail.account.id} />}
      {detail.ledger.length === 0 ? (
        <p className="mb-0">{t('ledger.none')}</p>
      ) : (
        <TableBox label={t('sections.ledger')}>
          <table className="table table-sm align-middle mb-0">
            <caption className="visually-hidden">{t('sections.ledger')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ledger.date')}</th>
                <th scope="col" className="text-end">
                  {t('ledger.delta')}
                </th>
                <th scope="col" className="text-end">
                  {t('ledger.balanceAfter')}
                </th>
                <th scope="col">{t('ledger.reason')}</th>
                <th scope="col">{t('ledger.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.ledger.map((e) => (
                <tr key={e.id}>
                  <td className="text-nowrap">{formatDateTime(e.created_at)}</td>
                  <td className="text-end">{e.delta > 0 ? `+${e.delta}` : e.delta}</td>
                  <td className="text-end">{e.balance_after}</td>
                  <td>{codeLabel(t, 'ledgerReasons', e.reason)}</td>
                  <td className="text-break">{e.reference ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </Section>
  );
}

/** Adds or takes credits with a reason (admins): one ledger entry on the server. */
function CreditAdjustForm({ id }: { id: number }) {
  const { t } = useTranslation('admin-members');
  const formId = useId();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: (body: { id: number; amount: number; reason: string }) =>
      call(adminMemberCalls.adjustCredits, { body }),
    onSuccess: (result) => {
      setAmount('');
      setReason('');
      // The answer holds the new balance and row: no second (audit-logged) read of the member.
      queryClient.setQueryData(memberKeys.detail(id), (old: AdminMemberDetail | undefined) =>
        old
          ? { ...old, account: { ...old.account, credits: result.credits }, ledger: [result.entry, ...old.ledger] }
          : old,
      );
    },
  });
  const parsed = Number(amount);
  const valid =
    Number.isInteger(parsed) && parsed !== 0 && Math.abs(parsed) <= MAX_CREDIT_ADJUSTMENT && reason.trim().length >= 3;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid) mutation.mutate({ id, amount: parsed, reason: reason.trim() });
  }

  return (
    <form className="border rounded p-2 mb-3" onSubmit={submit} aria-labelledby={`${formId}-title`}>
      <h3 className="h6" id={`${formId}-title`}>
        {t('ledger.adjustTitle')}
      </h3>
      <div className="row g-2 align-items-end">
        <div className="col-sm-3">
          <label className="form-label small mb-1" htmlFor={`${formId}-amount`}>
            {t('ledger.amount')}
          </label>
          <input
            id={`${formId}-amount`}
            className="form-control form-control-sm"
            type="number"
            step={1}
            min={-MAX_CREDIT_ADJUSTMENT}
            max={MAX_CREDIT_ADJUSTMENT}
            required
            value={amount}
            aria-describedby={`${formId}-hint`}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="col-sm-6">
          <label className="form-label small mb-1" htmlFor={`${formId}-reason`}>
            {t('ledger.adjustReason')}
          </label>
          <input
            id={`${formId}-reason`}
            className="form-control form-control-sm"
            required
            minLength={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="col-sm-3">
          <button type="submit" className="btn btn-primary btn-sm w-100" disabled={!valid || mutation.isPending}>
            {t('ledger.adjust')}
          </button>
        </div>
      </div>
      <p className="form-text mb-0" id={`${formId}-hint`}>
        {t('ledger.amountHint')}
      </p>
      <div role="status" className="small">
        {mutation.isSuccess && t('ledger.adjusted', { credits: mutation.data.credits })}
      </div>
      {mutation.isError && <ErrorAlert className="mt-2 mb-0">{memberErrorMessage(mutation.error)}</ErrorAlert>}
    </form>
  );
}
