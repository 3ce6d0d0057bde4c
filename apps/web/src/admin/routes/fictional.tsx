import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { FictionalBadge } from '../features/fictional/fictional-badge';
import {
  FictionalFilters,
  fictionalFiltersFromParams,
  fictionalFiltersToParams,
  toFictionalQuery,
} from '../features/fictional/fictional-filters';
import { FictionalResults } from '../features/fictional/fictional-results';
import { fictionalListQuery } from '../features/fictional/queries';
import { useStaff } from '../lib/session';

/**
 * Fictional profiles (issue: back office II): filters kept in the address bar (name or id, site,
 * status), the profiles newest first as a table (cards on a phone) with their main photo, site, age,
 * niches and conversations, and a pager. Admins create new ones; operators may read.
 */
export function Component() {
  const { t } = useTranslation('admin-fictional');
  const { role } = useStaff();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => fictionalFiltersFromParams(params), [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const result = useQuery({
    ...fictionalListQuery(toFictionalQuery(filters, page)),
    placeholderData: (previous) => previous,
  });

  return (
    <>
      <PageTitle
        actions={
          role === 'admin' && (
            <Link className="btn btn-primary btn-sm" to="/fictional/new">
              {t('list.create')}
            </Link>
          )
        }
      >
        {t('title')}
      </PageTitle>
      <p className="mb-3">
        <FictionalBadge /> <span className="small">{t('list.intro')}</span>
      </p>
      <FictionalFilters value={filters} onApply={(values) => setParams(fictionalFiltersToParams(values))} />
      <AdminError error={result.error} />
      {result.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {result.data && (
        <>
          <FictionalResults profiles={result.data.profiles} />
          <Pager
            page={result.data.page}
            more={result.data.more}
            onPage={(next) => setParams(fictionalFiltersToParams(filters, next))}
          />
        </>
      )}
    </>
  );
}
