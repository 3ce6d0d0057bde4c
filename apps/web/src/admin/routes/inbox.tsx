import { INBOX_TABS, type InboxTab } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { SiteSelect } from '../components/site-select';
import { inboxQuery } from '../features/operators/api';
import { InboxTable } from '../features/operators/inbox-table';
import { useStaff } from '../lib/session';

/**
 * The operator inbox (issue: back office II): members' conversations with fictional profiles on the
 * account's sites, the longest-waiting first, with who holds each one; a second tab lists those
 * answered lately. Refreshed every few seconds; tab and site are kept in the address.
 */
export function Component() {
  const { t } = useTranslation('admin-operators');
  const { role } = useStaff();
  const [params, setParams] = useSearchParams();
  const tab: InboxTab = params.get('tab') === 'answered' ? 'answered' : 'waiting';
  const siteId = Number(params.get('site')) || undefined;
  const query = useQuery(inboxQuery(tab, siteId));

  function go(next: { tab: InboxTab; site: number | undefined }) {
    const p = new URLSearchParams();
    if (next.tab !== 'waiting') p.set('tab', next.tab);
    if (next.site) p.set('site', String(next.site));
    setParams(p, { replace: true });
  }

  return (
    <>
      <PageTitle actions={role === 'admin' ? <Link to="/inbox/response-times">{t('times.link')}</Link> : undefined}>
        {t('title')}
      </PageTitle>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <ul className="nav nav-pills">
          {INBOX_TABS.map((key) => (
            <li className="nav-item" key={key}>
              <button
                type="button"
                className={`nav-link${tab === key ? ' active' : ''}`}
                aria-pressed={tab === key}
                onClick={() => go({ tab: key, site: siteId })}
              >
                {t(`tabs.${key}`)}
                {key === 'waiting' && tab === 'waiting' && query.data && (
                  <span className="badge text-bg-light ms-2">{query.data.conversations.length}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
        <div style={{ minWidth: '14rem' }}>
          <SiteSelect value={siteId} onChange={(site) => go({ tab, site })} />
        </div>
      </div>
      <p className="small text-body-secondary">{t(`hint.${tab}`)}</p>
      {query.isError && <AdminError error={query.error} />}
      {query.isPending && <p role="status">{t('loading')}</p>}
      {query.data && <InboxTable rows={query.data.conversations} tab={tab} />}
    </>
  );
}
