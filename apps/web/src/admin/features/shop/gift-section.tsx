import type { AdminGift } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { giftsQuery } from './api';
import { ActiveBadge } from './badges';
import { GiftForm } from './gift-form';

/**
 * The gift catalogue of a site (SPEC.md 2 gift button): picture, name, price in credits, position and
 * state as a table from 768 px, cards below (the name in the site's language); a form to add a gift or
 * change one, with its name per language. Gifts are switched off, never deleted (messages show them).
 */
export function GiftSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation('admin-shop');
  const list = useQuery(giftsQuery(siteId));
  const [editing, setEditing] = useState<AdminGift | 'new' | null>(null);
  const gifts = list.data?.gifts ?? [];
  const picture = (g: AdminGift, size: number) => (
    <img src={g.image_url} alt="" width={size} height={size} className="rounded bg-body-tertiary" loading="lazy" />
  );
  const edit = (g: AdminGift) => (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      onClick={() => setEditing(g)}
      aria-label={t('gifts.editLabel', { name: g.name })}
    >
      {t('actions.edit')}
    </button>
  );

  return (
    <section aria-labelledby="shop-gifts-title" data-testid="shop-gifts">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0" id="shop-gifts-title">
          {t('gifts.title')}
        </h2>
        {editing === null && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {t('gifts.new')}
          </button>
        )}
      </div>
      {editing !== null && list.data && (
        <GiftForm
          key={editing === 'new' ? 'new' : editing.id}
          siteId={siteId}
          gift={editing === 'new' ? undefined : editing}
          language={list.data.language}
          languages={list.data.languages}
          onDone={() => setEditing(null)}
        />
      )}
      <AdminError error={list.error} />
      {list.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {list.data && gifts.length === 0 && <p className="text-body-secondary">{t('gifts.none')}</p>}
      {gifts.length > 0 && (
        <>
          <div className="table-responsive d-none d-md-block">
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">{t('gifts.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fields.image')}</th>
                  <th scope="col">{t('fields.name')}</th>
                  <th scope="col" className="text-end">
                    {t('fields.giftCredits')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('fields.position')}
                  </th>
                  <th scope="col">{t('fields.state')}</th>
                  <th scope="col">{t('admin:common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {gifts.map((g) => (
                  <tr key={g.id} data-testid="gift-row">
                    <td>{picture(g, 40)}</td>
                    <td className="text-break">{g.name}</td>
                    <td className="text-end">{g.credits}</td>
                    <td className="text-end">{g.position}</td>
                    <td>
                      <ActiveBadge active={g.active} />
                    </td>
                    <td>{edit(g)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="list-unstyled d-md-none">
            {gifts.map((g) => (
              <li key={g.id} className="card mb-2" data-testid="gift-card">
                <div className="card-body p-3 d-flex gap-3 align-items-center">
                  {picture(g, 48)}
                  <div className="flex-grow-1 min-w-0">
                    <div className="fw-semibold text-break">{g.name}</div>
                    <div className="small text-body-secondary">
                      {t('gifts.cardLine', { credits: g.credits, position: g.position })}{' '}
                      <ActiveBadge active={g.active} />
                    </div>
                  </div>
                  {edit(g)}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
