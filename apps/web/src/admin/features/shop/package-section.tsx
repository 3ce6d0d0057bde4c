import type { AdminCreditPackage } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { formatCents } from '../../lib/format';
import { packagesQuery, removePackage, shopKeys } from './api';
import { ActiveBadge } from './badges';
import { shopErrorMessage } from './errors';
import { PackageForm } from './package-form';

/**
 * Credit packages of a site (SPEC.md 2 /credits): a table from 768 px, cards below; a form to add
 * one or change one; removing deletes a package nobody paid with and deactivates any other.
 */
export function PackageSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation('admin-shop');
  const queryClient = useQueryClient();
  const list = useQuery(packagesQuery(siteId));
  const [editing, setEditing] = useState<AdminCreditPackage | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: removePackage,
    onSuccess: async (result) => {
      setNotice(t(result.outcome === 'deleted' ? 'packages.deleted' : 'packages.deactivated'));
      await queryClient.invalidateQueries({ queryKey: shopKeys.packages(siteId) });
    },
  });
  const packages = list.data?.packages ?? [];
  const actions = (p: AdminCreditPackage) => (
    <div className="d-flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => setEditing(p)}
        aria-label={t('packages.editLabel', { credits: p.credits })}
      >
        {t('actions.edit')}
      </button>
      {(p.active || p.payments === 0) && (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={remove.isPending}
          aria-label={t(p.payments > 0 ? 'packages.deactivateLabel' : 'packages.deleteLabel', { credits: p.credits })}
          onClick={() => {
            setNotice(null);
            if (
              window.confirm(
                t(p.payments > 0 ? 'packages.deactivateConfirm' : 'packages.deleteConfirm', { credits: p.credits }),
              )
            ) {
              remove.mutate(p.id);
            }
          }}
        >
          {t(p.payments > 0 ? 'actions.deactivate' : 'actions.delete')}
        </button>
      )}
    </div>
  );

  return (
    <section aria-labelledby="shop-packages-title" data-testid="shop-packages">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0" id="shop-packages-title">
          {t('packages.title')}
        </h2>
        {editing === null && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {t('packages.new')}
          </button>
        )}
      </div>
      <p className="small text-body-secondary">{t('packages.intro')}</p>
      {editing !== null && (
        <PackageForm
          key={editing === 'new' ? 'new' : editing.id}
          siteId={siteId}
          pkg={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {notice && (
        <div className="alert alert-success py-2" role="status">
          {notice}
        </div>
      )}
      {remove.error && (
        <div className="alert alert-danger py-2" role="alert">
          {shopErrorMessage(remove.error)}
        </div>
      )}
      <AdminError error={list.error} />
      {list.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {list.data && packages.length === 0 && <p className="text-body-secondary">{t('packages.none')}</p>}
      {packages.length > 0 && (
        <>
          <div className="table-responsive d-none d-md-block">
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">{t('packages.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="text-end">
                    {t('fields.credits')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('fields.priceShort')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('packages.perCredit')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('fields.position')}
                  </th>
                  <th scope="col">{t('fields.state')}</th>
                  <th scope="col" className="text-end">
                    {t('packages.payments')}
                  </th>
                  <th scope="col">{t('admin:common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {packages.map((p) => (
                  <tr key={p.id} data-testid="package-row">
                    <td className="text-end fw-semibold">{p.credits}</td>
                    <td className="text-end text-nowrap">{formatCents(p.price_cents, p.currency)}</td>
                    <td className="text-end text-nowrap">
                      {formatCents(Math.round(p.price_cents / p.credits), p.currency)}
                    </td>
                    <td className="text-end">{p.position}</td>
                    <td>
                      <ActiveBadge active={p.active} />
                      {p.highlighted && <span className="badge text-bg-warning ms-1">{t('fields.highlighted')}</span>}
                    </td>
                    <td className="text-end">{p.payments}</td>
                    <td>{actions(p)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="list-unstyled d-md-none">
            {packages.map((p) => (
              <li key={p.id} className="card mb-2" data-testid="package-card">
                <div className="card-body p-3">
                  <div className="d-flex justify-content-between align-items-start gap-2">
                    <span className="fw-semibold">
                      {t('packages.cardTitle', { credits: p.credits, price: formatCents(p.price_cents, p.currency) })}
                    </span>
                    <span>
                      <ActiveBadge active={p.active} />
                      {p.highlighted && <span className="badge text-bg-warning ms-1">{t('fields.highlighted')}</span>}
                    </span>
                  </div>
                  <div className="small text-body-secondary mb-2">
                    {t('fields.position')} {p.position} · {t('packages.paymentsCount', { count: p.payments })}
                  </div>
                  {actions(p)}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
