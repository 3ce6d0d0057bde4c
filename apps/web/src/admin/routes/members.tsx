import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { SiteSelect } from '../components/site-select';
import { MemberResults } from '../features/members/member-results';
import { memberSearchQuery } from '../features/members/queries';

/**
 * Members (issue: back office I): search by e-mail, name or id on one site or all the account's
 * sites. The search is kept in the address (?q=&site=&page=), so going back from a member returns to
 * it; nothing is searched until the form is sent (each search is audit-logged).
 */
export function Component() {
  const { t } = useTranslation('admin-members');
  const [params, setParams] = useSearchParams();
  const searched = params.has('q');
  const q = params.get('q') ?? '';
  const siteId = Number(params.get('site')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const [draftSite, setDraftSite] = useState<number | undefined>(siteId);
  const results = useQuery({
    ...memberSearchQuery({ q, site_id: siteId, page }),
    enabled: searched,
    placeholderData: keepPreviousData,
  });

  function go(next: { q: string; site?: number | undefined; page: number }) {
    const p = new URLSearchParams({ q: next.q });
    if (next.site) p.set('site', String(next.site));
    if (next.page > 1) p.set('page', String(next.page));
    setParams(p);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    go({ q: draft.trim(), site: draftSite, page: 1 });
  }

  return (
    <>
      <PageTitle>{t('search.title')}</PageTitle>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit}>
        <div className="col-md-6">
          <label className="form-label small mb-1" htmlFor="member-query">
            {t('search.query')}
          </label>
          <input
            id="member-query"
            className="form-control form-control-sm"
            type="search"
            maxLength={254}
            value={draft}
            aria-describedby="member-query-hint"
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <div className="col-md-4">
          <SiteSelect value={draftSite} onChange={setDraftSite} />
        </div>
        <div className="col-md-2">
          <button type="submit" className="btn btn-primary btn-sm w-100">
            {t('search.submit')}
          </button>
        </div>
        <p className="form-text col-12 mb-0" id="member-query-hint">
          {t('search.hint')}
        </p>
      </form>
      {searched && results.isError && <AdminError error={results.error} />}
      {searched && results.isPending && <p role="status">{t('common.loading')}</p>}
      {searched && results.data && (
        <>
          <MemberResults members={results.data.members} />
          <Pager
            page={results.data.page}
            more={results.data.more}
            onPage={(next) => go({ q, site: siteId, page: next })}
          />
        </>
      )}
    </>
  );
}
