import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../account/api-error-alert';
import { transactionsQuery } from './api';
import { PaymentList } from './payment-list';
import { TransactionList } from './transaction-list';
import './billing.css';
import { ErrorAlert } from '../../components/error-alert';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card border-0 shadow-sm mb-4">
      <div className="card-body p-3 p-sm-4">
        <h2 className="h5 mb-3">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/**
 * /transactions (SPEC.md 2): the credit ledger (every purchase and every credit spent, newest first)
 * and the payments with their states; an empty state for a member without either.
 */
export function TransactionsOverview() {
  const { t } = useTranslation('billing');
  const query = useQuery(transactionsQuery);
  if (query.isPending) return <p className="text-body-secondary">{t('common:actions.loading')}</p>;
  if (query.isError) {
    return (
      <ErrorAlert className="d-flex flex-wrap align-items-center gap-2">
        {errorText(query.error, t)}
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </button>
      </ErrorAlert>
    );
  }
  const { entries, payments } = query.data;
  if (entries.length === 0 && payments.length === 0) {
    return (
      <div className="card border-0 shadow-sm text-center p-4" data-testid="transactions-empty">
        <p className="mb-3">{t('transactions.empty')}</p>
        <div>
          <Link to="/credits" className="btn btn-primary">
            {t('transactions.buyCredits')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <Section title={t('transactions.ledgerTitle')}>
        <TransactionList entries={entries} />
      </Section>
      <Section title={t('payments.title')}>
        <PaymentList payments={payments} />
      </Section>
    </>
  );
}
