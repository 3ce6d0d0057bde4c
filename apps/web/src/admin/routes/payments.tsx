import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { paymentListQuery } from '../features/billing/api';
import {
  PaymentFilters,
  paymentFiltersFromParams,
  paymentFiltersToParams,
  toPaymentQuery,
} from '../features/billing/payment-filters';
import { PaymentTable } from '../features/billing/payment-table';

/**
 * Payments (admins and support; issue: back office I): filters kept in the address bar (site, state,
 * method, from/to dates, member id or e-mail), the payments newest first as a table (cards on a
 * phone) and a pager. Other roles get the server's 403 forbidden as the error.
 */
export function Component() {
  const { t } = useTranslation('admin-billing');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => paymentFiltersFromParams(params), [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const result = useQuery({
    ...paymentListQuery(toPaymentQuery(filters, page)),
    placeholderData: (previous) => previous,
  });

  return (
    <>
      <PageTitle>{t('payments.title')}</PageTitle>
      <PaymentFilters value={filters} onApply={(values) => setParams(paymentFiltersToParams(values))} />
      <AdminError error={result.error} />
      {result.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {result.data && (
        <>
          <PaymentTable payments={result.data.payments} />
          <Pager
            page={result.data.page}
            more={result.data.more}
            onPage={(next) => setParams(paymentFiltersToParams(filters, next))}
          />
        </>
      )}
    </>
  );
}
