import type { ReportStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { SiteSelect } from '../components/site-select';
import { reportsQuery } from '../features/moderation/api';
import { ReportTable } from '../features/moderation/report-table';

/**
 * The report queue (issue: back office I): members' reports, open ones oldest first or handled ones
 * newest first, by site; each opens the report with its evidence and the member's history.
 */
export function Component() {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [siteId, setSiteId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const reports = useQuery(reportsQuery(status, siteId, page));
  return (
    <>
      <PageTitle>{t('reports.title')}</PageTitle>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <div>
          <label className="form-label small mb-1" htmlFor={`${id}-status`}>
            {t('reports.status')}
          </label>
          <select
            id={`${id}-status`}
            className="form-select form-select-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ReportStatus);
              setPage(1);
            }}
          >
            <option value="open">{t('reports.open')}</option>
            <option value="handled">{t('reports.handled')}</option>
          </select>
        </div>
        <SiteSelect
          value={siteId}
          onChange={(site) => {
            setSiteId(site);
            setPage(1);
          }}
        />
      </div>
      <AdminError error={reports.error} />
      {reports.data &&
        (reports.data.reports.length === 0 ? (
          <p>{t('reports.empty')}</p>
        ) : (
          <ReportTable reports={reports.data.reports} caption={t('reports.list')} />
        ))}
      {reports.data && <Pager page={page} more={reports.data.more} onPage={setPage} />}
    </>
  );
}
