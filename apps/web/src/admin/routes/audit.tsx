import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { auditQuery } from '../features/access/api';
import { AuditFilters } from '../features/access/audit-filters';
import { filtersFromParams, filtersToParams, pageFromParams, toAuditQuery } from '../features/access/audit-search';
import { AuditTable } from '../features/access/audit-table';

/**
 * The audit log (admins; issue: back office I): filters kept in the address bar (staff, action
 * prefix, object type and id, member, site, period), the entries newest first with before/after,
 * and a pager. Other roles get the server's 403 forbidden as the error.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const page = pageFromParams(params);
  const result = useQuery({ ...auditQuery(toAuditQuery(filters, page)), placeholderData: (previous) => previous });

  return (
    <>
      <PageTitle>{t('audit.title')}</PageTitle>
      {result.error ? (
        <AdminError error={result.error} />
      ) : (
        <>
          <AuditFilters value={filters} onApply={(values) => setParams(filtersToParams(values))} />
          {result.isPending && <p>{t('common.loading')}</p>}
          {result.data && result.data.entries.length === 0 && <p>{t('common.empty')}</p>}
          {result.data && result.data.entries.length > 0 && <AuditTable entries={result.data.entries} />}
          {result.data && (
            <Pager
              page={result.data.page}
              more={result.data.more}
              onPage={(next) => setParams(filtersToParams(filters, next))}
            />
          )}
        </>
      )}
    </>
  );
}
