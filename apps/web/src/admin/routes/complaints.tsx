import { COMPLAINT_STATUSES, type ComplaintStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { SiteSelect } from '../components/site-select';
import { complaintQueueQuery } from '../features/billing/api';
import { ComplaintTable } from '../features/billing/complaint-table';

/** The status filter of the address bar, when it is a complaint state. */
function statusFrom(value: string | null): ComplaintStatus | undefined {
  return (COMPLAINT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ComplaintStatus) : undefined;
}

/**
 * The complaint queue (admins, moderators, support; issue: back office I): filters by state and site
 * kept in the address bar (?status=&site=&page=); unanswered complaints first, oldest first, then
 * answered ones, newest first; a table (cards on a phone) and a pager. Filters apply at once.
 */
export function Component() {
  const { t } = useTranslation('admin-billing');
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const siteId = Number(params.get('site')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const result = useQuery({
    ...complaintQueueQuery({ status, site_id: siteId, page }),
    placeholderData: (previous) => previous,
  });

  function go(next: { status?: ComplaintStatus | undefined; site?: number | undefined; page?: number }) {
    const p = new URLSearchParams();
    if (next.status) p.set('status', next.status);
    if (next.site) p.set('site', String(next.site));
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  }

  return (
    <>
      <PageTitle>{t('complaints.title')}</PageTitle>
      <div className="row g-2 align-items-end mb-3">
        <div className="col-12 col-sm-6 col-lg-3">
          <label className="form-label small mb-1" htmlFor="complaints-status">
            {t('complaints.status')}
          </label>
          <select
            id="complaints-status"
            className="form-select form-select-sm"
            value={status ?? ''}
            onChange={(e) => go({ status: statusFrom(e.target.value), site: siteId })}
          >
            <option value="">{t('filters.anyStatus')}</option>
            {COMPLAINT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`complaintStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-sm-6 col-lg-3">
          <SiteSelect value={siteId} onChange={(site) => go({ status, site })} />
        </div>
      </div>
      <p className="small text-body-secondary">{t('complaints.order')}</p>
      <AdminError error={result.error} />
      {result.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {result.data && (
        <>
          <ComplaintTable complaints={result.data.complaints} />
          <Pager
            page={result.data.page}
            more={result.data.more}
            onPage={(next) => go({ status, site: siteId, page: next })}
          />
        </>
      )}
    </>
  );
}
