import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { SiteSelect } from '../components/site-select';
import { responseTimesQuery } from '../features/operators/api';
import { ResponseTimeTables } from '../features/operators/response-time-tables';

/**
 * Operator response times (issue: back office II; admins): over a period and a site, per operator
 * (answers, first answers, median and 95th percentile of the members' wait) and per conversation.
 * The filter is kept in the address (?from=&to=&site=).
 */
export function Component() {
  const { t } = useTranslation('admin-operators');
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const siteId = Number(params.get('site')) || undefined;
  const [draft, setDraft] = useState({ from, to, site: siteId });
  const query = useQuery(responseTimesQuery({ site_id: siteId, from: from || undefined, to: to || undefined }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const p = new URLSearchParams();
    if (draft.from) p.set('from', draft.from);
    if (draft.to) p.set('to', draft.to);
    if (draft.site) p.set('site', String(draft.site));
    setParams(p);
  }

  return (
    <>
      <PageTitle actions={<Link to="/inbox">{t('back')}</Link>}>{t('times.title')}</PageTitle>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('times.filter')}>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="times-from">
            {t('times.from')}
          </label>
          <input
            id="times-from"
            type="date"
            className="form-control form-control-sm"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="times-to">
            {t('times.to')}
          </label>
          <input
            id="times-to"
            type="date"
            className="form-control form-control-sm"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <div className="col-md-4">
          <SiteSelect value={draft.site} onChange={(site) => setDraft({ ...draft, site })} />
        </div>
        <div className="col-md-2">
          <button type="submit" className="btn btn-primary btn-sm w-100">
            {t('times.apply')}
          </button>
        </div>
      </form>
      {query.isError && <AdminError error={query.error} />}
      {query.isPending && <p role="status">{t('loading')}</p>}
      {query.data && <ResponseTimeTables times={query.data} />}
    </>
  );
}
