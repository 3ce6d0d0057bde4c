import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { NotFound } from '../components/not-found';
import { errorText } from '../features/account/api-error-alert';
import { invoiceQuery } from '../features/billing/api';
import { InvoiceView } from '../features/billing/invoice-view';
import { TransactionsOverview } from '../features/billing/transactions-overview';
import { isApiError } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';

/** /transactions/{id}: the invoice of payment `id`; the 404 page for an id that is not the member's paid payment. */
function InvoicePage({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation('billing');
  const query = useQuery(invoiceQuery(paymentId));
  usePageTitle(query.data ? t('invoice.number', { number: query.data.number }) : t('invoice.title'));
  if (query.isPending) return <p className="container py-4 text-body-secondary">{t('common:actions.loading')}</p>;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return (
      <div className="container py-4">
        <ErrorAlert>{errorText(query.error, t)}</ErrorAlert>
      </div>
    );
  }
  return (
    <div className="container py-4 billing-page">
      <InvoiceView invoice={query.data} />
    </div>
  );
}

/** /transactions: the ledger and the payments. */
function TransactionsListPage() {
  const { t } = useTranslation('billing');
  usePageTitle(t('common:routes.transactions.title'));
  return (
    <div className="container py-4 billing-page">
      <h1 className="h3 mb-4">{t('common:routes.transactions.title')}</h1>
      <TransactionsOverview />
    </div>
  );
}

/** /transactions (SPEC.md 2): the member's transactions; /transactions/{id} the invoice of one payment. */
export function TransactionsPage() {
  const { id } = useParams();
  if (id === undefined) return <TransactionsListPage />;
  return /^[1-9]\d{0,9}$/.test(id) ? <InvoicePage key={id} paymentId={Number(id)} /> : <NotFound />;
}

export { TransactionsPage as Component };
