import type { PhotoQueuePage, PhotoRejectReason } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Pager } from '../components/pager';
import { SiteSelect } from '../components/site-select';
import { photoQueueQuery, useDecidePhotos } from '../features/moderation/api';
import { PhotoGroup } from '../features/moderation/photo-group';
import { PhotoSettingsPanel } from '../features/moderation/photo-settings';
import { RejectReasonSelect } from '../features/moderation/reason-select';

/** Ids of the waiting photos of a queue page. */
function waitingIds(page: PhotoQueuePage | undefined): number[] {
  return page?.groups.flatMap((g) => g.waiting.map((p) => p.id)) ?? [];
}

/**
 * The photo queue (issue: back office I): photos awaiting approval per profile (main images first,
 * then oldest), each with the profile's other photos; approve or reject (with a reason) one photo or
 * a selection; a site filter; automatic approval per site.
 */
export function Component() {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const [siteId, setSiteId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkReason, setBulkReason] = useState<PhotoRejectReason | ''>('');
  const [message, setMessage] = useState('');
  const queue = useQuery(photoQueueQuery(siteId, page));
  const decide = useDecidePhotos();
  const ids = waitingIds(queue.data);
  const chosen = ids.filter((photoId) => selected.has(photoId));
  const isAllSelected = ids.length > 0 && chosen.length === ids.length;

  const handleDecide = (photoIds: number[], decision: 'approve' | 'reject', reason?: PhotoRejectReason) => {
    if (decision === 'reject' && !reason) return setMessage(t('photos.reasonRequired'));
    decide.mutate(
      { ids: photoIds, decision, ...(reason ? { reason } : {}) },
      {
        onSuccess: (result) => {
          setMessage(t('photos.changed', { count: result.changed.length }));
          setSelected((s) => new Set([...s].filter((photoId) => !photoIds.includes(photoId))));
        },
      },
    );
  };
  const select = (photoId: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(photoId);
      else next.delete(photoId);
      return next;
    });

  return (
    <>
      <PageTitle
        actions={
          queue.data && (
            <span className="badge text-bg-secondary">{t('photos.waiting', { count: queue.data.total_waiting })}</span>
          )
        }
      >
        {t('photos.title')}
      </PageTitle>
      <PhotoSettingsPanel />
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <SiteSelect
          value={siteId}
          onChange={(site) => {
            setSiteId(site);
            setPage(1);
            setSelected(new Set());
          }}
        />
      </div>
      <AdminError error={queue.error ?? decide.error} />
      <p className="small mb-2" role="status" data-testid="photo-queue-status">
        {message}
      </p>
      {queue.data && ids.length === 0 && <p>{t('photos.empty')}</p>}
      {ids.length > 0 && (
        <div className="card card-body mb-3 d-flex flex-row flex-wrap align-items-end gap-3">
          <div className="form-check mb-1">
            <input
              id={`${id}-all`}
              className="form-check-input"
              type="checkbox"
              checked={isAllSelected}
              onChange={(e) => setSelected(new Set(e.target.checked ? ids : []))}
            />
            <label className="form-check-label" htmlFor={`${id}-all`}>
              {t('photos.selectAll')}
            </label>
          </div>
          <span className="small mb-1">{t('photos.selected', { count: chosen.length })}</span>
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={chosen.length === 0 || decide.isPending}
            onClick={() => handleDecide(chosen, 'approve')}
          >
            {t('photos.approveSelected')}
          </button>
          <RejectReasonSelect
            id={`${id}-bulk-reason`}
            label={t('photos.bulkReason')}
            value={bulkReason}
            onChange={setBulkReason}
          />
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={chosen.length === 0 || decide.isPending}
            onClick={() => handleDecide(chosen, 'reject', bulkReason || undefined)}
          >
            {t('photos.rejectSelected')}
          </button>
        </div>
      )}
      {queue.data?.groups.map((group) => (
        <PhotoGroup
          key={group.profile_id}
          group={group}
          selected={selected}
          isBusy={decide.isPending}
          onSelect={select}
          onDecide={handleDecide}
        />
      ))}
      {queue.data && (
        <Pager
          page={page}
          more={queue.data.more}
          onPage={(p) => {
            setPage(p);
            setSelected(new Set());
          }}
        />
      )}
    </>
  );
}
