import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { SiteSelect } from '../components/site-select';
import { signalQueueQuery } from '../features/signals/api';
import { HoldThresholdPanel } from '../features/signals/hold-threshold-panel';
import { SignalQueueTable } from '../features/signals/signal-queue-table';
import { useStaff } from '../lib/session';

/**
 * The Signals queue (issue: safer conversations): members whose messages carry scam or abuse signals,
 * highest current risk score first, with their held messages, by site; each opens the member's
 * messages. Admins set each site's hold threshold here.
 */
export function Component() {
  const { t } = useTranslation('admin-signals');
  const staff = useStaff();
  const [siteId, setSiteId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const queue = useQuery(signalQueueQuery(siteId, page));
  return (
    <>
      <PageTitle
        actions={
          queue.data && (
            <span className="badge text-bg-secondary" data-testid="total-held">
              {t('queue.totalHeld', { count: queue.data.total_held })}
            </span>
          )
        }
      >
        {t('queue.title')}
      </PageTitle>
      <p className="text-body-secondary small">{t('queue.hint')}</p>
      {staff.role === 'admin' && <HoldThresholdPanel />}
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <SiteSelect
          value={siteId}
          onChange={(site) => {
            setSiteId(site);
            setPage(1);
          }}
        />
      </div>
      <AdminError error={queue.error} />
      {queue.data &&
        (queue.data.members.length === 0 ? (
          <p>{t('queue.empty')}</p>
        ) : (
          <SignalQueueTable members={queue.data.members} caption={t('queue.list')} />
        ))}
      {queue.data && <Pager page={page} more={queue.data.more} onPage={setPage} />}
    </>
  );
}
