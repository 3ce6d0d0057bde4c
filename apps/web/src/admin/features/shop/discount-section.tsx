import { type AdminDiscount, DISCOUNT_KINDS, DISCOUNT_STATUSES } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { Pager } from '../../components/pager';
import { formatCents, formatDateTime } from '../../lib/format';
import { useMethodName } from '../billing/badges';
import { discountsQuery, endDiscount, shopKeys } from './api';
import { DiscountStatusBadge } from './badges';
import { DiscountForm } from './discount-form';
import { shopErrorMessage } from './errors';

type Status = (typeof DISCOUNT_STATUSES)[number];
type Kind = (typeof DISCOUNT_KINDS)[number];

/**
 * Discount codes of a site (SPEC.md 3): filters by state and kind, the codes newest first with their
 * limits, paid uses and open claims (a table from 768 px, cards below), a form for a new code, and
 * "End" for a typed code (after a confirmation; it stays listed with its uses).
 */
export function DiscountSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation('admin-shop');
  const id = useId();
  const methodName = useMethodName();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status | ''>('');
  const [kind, setKind] = useState<Kind | ''>('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<AdminDiscount | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const params = { site_id: siteId, page, ...(status && { status }), ...(kind && { kind }) };
  const list = useQuery({ ...discountsQuery(params), placeholderData: (previous) => previous });
  const end = useMutation({
    mutationFn: endDiscount,
    onSuccess: async (result) => {
      setConfirming(null);
      setNotice(t('discounts.ended', { code: result.code.code }));
      await queryClient.invalidateQueries({ queryKey: shopKeys.site(siteId) });
    },
  });
  const codes = list.data?.codes ?? [];

  const limits = (c: AdminDiscount) =>
    [
      t(`validity.${c.validity}`),
      c.country && t('discounts.onlyCountry', { country: c.country }),
      c.user_id !== null && t('discounts.onlyMember', { id: c.user_id }),
      c.currency && t('discounts.onlyCurrency', { currency: c.currency }),
      c.minimum_order_value !== null &&
        t('discounts.minimum', { amount: formatCents(c.minimum_order_value, c.currency ?? 'EUR') }),
      c.paymentmethods.length > 0 && c.paymentmethods.map(methodName).join(', '),
    ]
      .filter(Boolean)
      .join(' · ');
  const endButton = (c: AdminDiscount) =>
    c.kind === 'code' && c.status !== 'ended' ? (
      <button
        type="button"
        className="btn btn-outline-danger btn-sm"
        onClick={() => {
          setNotice(null);
          end.reset();
          setConfirming(c);
        }}
        aria-label={t('discounts.endLabel', { code: c.code })}
      >
        {t('actions.end')}
      </button>
    ) : null;

  return (
    <section aria-labelledby="shop-discounts-title" data-testid="shop-discounts">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0" id="shop-discounts-title">
          {t('discounts.title')}
        </h2>
        {!creating && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => {
              setNotice(null);
              setCreating(true);
            }}
          >
            {t('discounts.new')}
          </button>
        )}
      </div>
      {creating && (
        <DiscountForm
          siteId={siteId}
          onDone={(code) => {
            setCreating(false);
            if (code) setNotice(t('discounts.created', { code }));
          }}
        />
      )}
      {notice && (
        <div className="alert alert-success py-2" role="status" data-testid="discount-notice">
          {notice}
        </div>
      )}
      {confirming && (
        <div className="alert alert-warning" role="alert">
          <p className="mb-2">{t('discounts.endConfirm', { code: confirming.code })}</p>
          {end.error && <p className="text-danger mb-2">{shopErrorMessage(end.error)}</p>}
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={end.isPending}
              onClick={() => end.mutate(confirming.id)}
            >
              {t('discounts.endNow', { code: confirming.code })}
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(null)}>
              {t('admin:common.cancel')}
            </button>
          </div>
        </div>
      )}
      <div className="row g-2 mb-3">
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor={`${id}-status`}>
            {t('fields.status')}
          </label>
          <select
            id={`${id}-status`}
            className="form-select form-select-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status | '');
              setPage(1);
            }}
          >
            <option value="">{t('discounts.allStates')}</option>
            {DISCOUNT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor={`${id}-kind`}>
            {t('fields.kind')}
          </label>
          <select
            id={`${id}-kind`}
            className="form-select form-select-sm"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind | '');
              setPage(1);
            }}
          >
            <option value="">{t('discounts.allKinds')}</option>
            {DISCOUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AdminError error={list.error} />
      {list.isPending && <p role="status">{t('admin:common.loading')}</p>}
      {list.data && codes.length === 0 && <p className="text-body-secondary">{t('discounts.none')}</p>}
      {codes.length > 0 && (
        <>
          <div className="table-responsive d-none d-md-block">
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">{t('discounts.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fields.code')}</th>
                  <th scope="col" className="text-end">
                    {t('fields.value_percentage')}
                  </th>
                  <th scope="col">{t('fields.status')}</th>
                  <th scope="col">{t('discounts.limits')}</th>
                  <th scope="col">{t('fields.expires')}</th>
                  <th scope="col" className="text-end">
                    {t('discounts.paidUses')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('discounts.openClaims')}
                  </th>
                  <th scope="col">{t('admin:common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {codes.map((c) => (
                  <tr key={c.id} data-testid="discount-row">
                    <td className="fw-semibold text-break">
                      {c.code}
                      {c.kind !== 'code' && (
                        <div className="small text-body-secondary fw-normal">{t(`kinds.${c.kind}`)}</div>
                      )}
                    </td>
                    <td className="text-end">{c.value_percentage}%</td>
                    <td>
                      <DiscountStatusBadge status={c.status} expired={c.expired} />
                    </td>
                    <td className="small">{limits(c)}</td>
                    <td className="text-nowrap small">{c.expires ? formatDateTime(c.expires) : '—'}</td>
                    <td className="text-end">{c.paid_uses}</td>
                    <td className="text-end">{c.open_claims}</td>
                    <td>{endButton(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="list-unstyled d-md-none">
            {codes.map((c) => (
              <li key={c.id} className="card mb-2" data-testid="discount-card">
                <div className="card-body p-3">
                  <div className="d-flex justify-content-between align-items-start gap-2">
                    <span className="fw-semibold text-break">
                      {c.code} · {c.value_percentage}%
                    </span>
                    <DiscountStatusBadge status={c.status} expired={c.expired} />
                  </div>
                  <div className="small text-body-secondary">{limits(c)}</div>
                  {c.expires && (
                    <div className="small">{t('discounts.until', { date: formatDateTime(c.expires) })}</div>
                  )}
                  <div className="small mb-2">
                    {t('discounts.usesLine', { paid: c.paid_uses, open: c.open_claims })}
                  </div>
                  {endButton(c)}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={list.data?.page ?? page} more={list.data?.more ?? false} onPage={setPage} />
        </>
      )}
    </section>
  );
}
