import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterActions, FilterInput } from '../../components/filter-form';
import { SiteSelect } from '../../components/site-select';
import type { PaymentListParams } from './api';
import { useMethodName } from './badges';

/** The payment filters as typed (strings; '' is no filter), kept in the address bar. */
export interface PaymentFilterValues {
  site_id: string;
  status: string;
  method: string;
  from: string;
  to: string;
  member: string;
}

const KEYS = ['site_id', 'status', 'method', 'from', 'to', 'member'] as const;
const EMPTY: PaymentFilterValues = { site_id: '', status: '', method: '', from: '', to: '', member: '' };

/** The filters of the address bar (`?site_id=&status=&method=&from=&to=&member=&page=`). */
export function paymentFiltersFromParams(params: URLSearchParams): PaymentFilterValues {
  return Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as PaymentFilterValues;
}

/** The address bar's parameters of `values` and `page`; empty filters are left out. */
export function paymentFiltersToParams(values: PaymentFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (values[key].trim()) params.set(key, values[key].trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The query of GET /api/admin/payments.php for `values` and `page`. */
export function toPaymentQuery(values: PaymentFilterValues, page: number): PaymentListParams {
  return {
    page,
    site_id: Number(values.site_id) || undefined,
    status: (PAYMENT_STATUSES as readonly string[]).includes(values.status)
      ? (values.status as PaymentStatus)
      : undefined,
    method: (PAYMENT_METHODS as readonly string[]).includes(values.method)
      ? (values.method as PaymentMethod)
      : undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    member: values.member.trim() || undefined,
  };
}

/** The payment list's filters: site, state, method, from and to dates, member (id or e-mail). */
export function PaymentFilters({
  value,
  onApply,
}: {
  value: PaymentFilterValues;
  onApply: (values: PaymentFilterValues) => void;
}) {
  const { t } = useTranslation('admin-billing');
  const methodName = useMethodName();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const set = (name: keyof PaymentFilterValues) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }

  const cell = 'col-12 col-sm-6 col-lg-2';
  return (
    <form className="card card-body mb-3" onSubmit={submit} aria-label={t('payments.filters')}>
      <div className="row g-2">
        <div className={cell}>
          <SiteSelect
            value={draft.site_id ? Number(draft.site_id) : undefined}
            onChange={(id) => setDraft((d) => ({ ...d, site_id: id ? String(id) : '' }))}
          />
        </div>
        <div className={cell}>
          <label className="form-label small mb-1" htmlFor="payments-status">
            {t('payment.status')}
          </label>
          <select
            id="payments-status"
            className="form-select form-select-sm"
            value={draft.status}
            onChange={set('status')}
          >
            <option value="">{t('filters.anyStatus')}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`paymentStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={cell}>
          <label className="form-label small mb-1" htmlFor="payments-method">
            {t('payment.method')}
          </label>
          <select
            id="payments-method"
            className="form-select form-select-sm"
            value={draft.method}
            onChange={set('method')}
          >
            <option value="">{t('filters.anyMethod')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {methodName(m)}
              </option>
            ))}
          </select>
        </div>
        <FilterInput
          className={cell}
          id="payments-from"
          label={t('filters.from')}
          type="date"
          value={draft.from}
          onChange={set('from')}
        />
        <FilterInput
          className={cell}
          id="payments-to"
          label={t('filters.to')}
          type="date"
          value={draft.to}
          onChange={set('to')}
        />
        <FilterInput
          className={cell}
          id="payments-member"
          label={t('filters.member')}
          help={t('filters.memberHint')}
          maxLength={254}
          spellCheck={false}
          autoComplete="off"
          value={draft.member}
          onChange={set('member')}
        />
      </div>
      <FilterActions
        applyLabel={t('filters.apply')}
        clearLabel={t('filters.clear')}
        onClear={() => {
          setDraft(EMPTY);
          onApply(EMPTY);
        }}
      />
    </form>
  );
}
