import type { TransactionEntry } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from './format';
import { reasonLabel, signedCredits } from './reasons';

function creditsColour(credits: number): string {
  if (credits > 0) return 'text-success';
  if (credits < 0) return 'text-danger';
  return 'text-body-secondary';
}

/** One ledger entry: what, when, the amount paid with its invoice link, credits (+/-) and the balance after. */
function EntryRow({ entry }: { entry: TransactionEntry }) {
  const { t, i18n } = useTranslation('billing');
  const hasAmount = entry.amount_cents !== null && entry.currency !== null;
  return (
    <li className="d-flex justify-content-between align-items-start gap-3" data-testid="ledger-entry">
      <div className="min-w-0">
        <div className="fw-semibold">{reasonLabel(entry, t)}</div>
        <div className="small text-body-secondary">
          <time dateTime={entry.date}>{formatDateTime(entry.date, i18n.language)}</time>
          {hasAmount && <> · {formatMoney(entry.amount_cents ?? 0, entry.currency ?? 'EUR', i18n.language)}</>}
        </div>
        {entry.payment_id !== null && entry.reason === 'purchase' && (
          <Link to={`/transactions/${entry.payment_id}`} className="small" data-testid="invoice-link">
            {t('transactions.viewInvoice')}
          </Link>
        )}
      </div>
      <div className="text-end text-nowrap">
        <div className={`fw-bold ${creditsColour(entry.credits)}`}>
          {t('transactions.credits', { value: signedCredits(entry.credits, i18n.language) })}
        </div>
        <div className="small text-body-secondary">
          {t('transactions.balanceAfter', { count: entry.balance_after })}
        </div>
      </div>
    </li>
  );
}

/**
 * The member's credit ledger, newest first (SPEC.md 2 /transactions): every purchase and every credit
 * spent, with the balance after each entry.
 */
export function TransactionList({ entries }: { entries: TransactionEntry[] }) {
  const { t } = useTranslation('billing');
  if (entries.length === 0) {
    return <p className="text-body-secondary mb-0">{t('transactions.emptyLedger')}</p>;
  }
  return (
    <ul className="list-unstyled mb-0 billing-list" data-testid="ledger">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}
