import { DISCOUNT_CODE_LENGTH, DISCOUNT_VALIDITIES, PAYMENT_METHODS, type PaymentMethod } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useMethodName } from '../billing/badges';
import { parseAmountToCents } from '../billing/money';
import { createDiscount, shopKeys } from './api';
import { localInputToIso } from './dates';
import { invalidFields, shopErrorMessage } from './errors';
import { controlClass, Field } from './field';

type Validity = (typeof DISCOUNT_VALIDITIES)[number];

/**
 * The form of a new discount code of `siteId` with every field of SPEC.md 3: code, percentage,
 * validity, status, country, member (user id), end date, currency, minimum order value (typed in
 * currency units, sent as cents) and payment methods (none ticked: every method). Checks the obvious
 * first, then shows the server's field errors (a code the site has, a member of another site).
 */
export function DiscountForm({ siteId, onDone }: { siteId: number; onDone: (code: string) => void }) {
  const { t } = useTranslation('admin-shop');
  const methodName = useMethodName();
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [percentage, setPercentage] = useState('');
  const [validity, setValidity] = useState<Validity>('once_per_user');
  const [status, setStatus] = useState<'active' | 'inactive'>('active');
  const [country, setCountry] = useState('');
  const [userId, setUserId] = useState('');
  const [expires, setExpires] = useState('');
  const [currency, setCurrency] = useState('');
  const [minimum, setMinimum] = useState('');
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [local, setLocal] = useState<Set<string>>(new Set());
  const save = useMutation({
    mutationFn: createDiscount,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: shopKeys.site(siteId) });
      onDone(result.code.code);
    },
  });
  const invalid = new Set([...local, ...invalidFields(save.error)]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const wrong = new Set<string>();
    const typed = code.trim();
    if (
      typed.length < DISCOUNT_CODE_LENGTH.min ||
      typed.length > DISCOUNT_CODE_LENGTH.max ||
      !/^[A-Za-z0-9_-]+$/.test(typed)
    ) {
      wrong.add('code');
    }
    const value = /^\d{1,3}$/.test(percentage.trim()) ? Number(percentage.trim()) : 0;
    if (value < 1 || value > 100) wrong.add('value_percentage');
    if (country.trim() && !/^[A-Za-z]{2}$/.test(country.trim())) wrong.add('country');
    if (userId.trim() && !/^\d{1,9}$/.test(userId.trim())) wrong.add('user_id');
    const until = localInputToIso(expires);
    if (until === undefined || (until && new Date(until) <= new Date())) wrong.add('expires');
    if (currency.trim() && !/^[A-Za-z]{3}$/.test(currency.trim())) wrong.add('currency');
    const minimumCents = minimum.trim() ? parseAmountToCents(minimum) : null;
    if (minimum.trim() && !minimumCents) wrong.add('minimum_order_value');
    setLocal(wrong);
    if (wrong.size > 0) return;
    save.mutate({
      site_id: siteId,
      code: typed,
      value_percentage: value,
      validity,
      status,
      country: country.trim() || null,
      user_id: userId.trim() ? Number(userId.trim()) : null,
      expires: until ?? null,
      currency: currency.trim() || null,
      minimum_order_value: minimumCents,
      paymentmethods: methods,
    });
  }

  const text = (
    field: string,
    value: string,
    set: (v: string) => void,
    opts: {
      label: string;
      error: string;
      hint?: string;
      className?: string;
      inputMode?: 'numeric' | 'decimal';
      maxLength?: number;
    },
  ) => (
    <Field
      id={`${id}-${field}`}
      label={opts.label}
      invalid={invalid.has(field)}
      error={opts.error}
      hint={opts.hint}
      className={opts.className}
    >
      {(p) => (
        <input
          {...p}
          className={controlClass(invalid.has(field))}
          autoComplete="off"
          inputMode={opts.inputMode}
          maxLength={opts.maxLength}
          value={value}
          onChange={(e) => set(e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="card card-body mb-3"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="discount-form"
    >
      <h3 className="h6" id={`${id}-title`}>
        {t('discounts.new')}
      </h3>
      {save.error && <ErrorAlert>{shopErrorMessage(save.error)}</ErrorAlert>}
      <div className="row g-2">
        {text('code', code, setCode, {
          label: t('fields.code'),
          error: t('errors.code'),
          hint: t('discounts.codeHint'),
          maxLength: DISCOUNT_CODE_LENGTH.max,
        })}
        {text('value_percentage', percentage, setPercentage, {
          label: t('fields.value_percentage'),
          error: t('errors.percentage'),
          inputMode: 'numeric',
          maxLength: 3,
        })}
        <Field id={`${id}-validity`} label={t('fields.validity')}>
          {(p) => (
            <select
              {...p}
              className="form-select form-select-sm"
              value={validity}
              onChange={(e) => setValidity(e.target.value as Validity)}
            >
              {DISCOUNT_VALIDITIES.map((v) => (
                <option key={v} value={v}>
                  {t(`validity.${v}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-status`} label={t('fields.status')}>
          {(p) => (
            <select
              {...p}
              className="form-select form-select-sm"
              value={status}
              onChange={(e) => setStatus(e.target.value as 'active' | 'inactive')}
            >
              <option value="active">{t('states.active')}</option>
              <option value="inactive">{t('states.inactive')}</option>
            </select>
          )}
        </Field>
        {text('country', country, setCountry, {
          label: t('fields.country'),
          error: t('errors.country'),
          hint: t('discounts.countryHint'),
          maxLength: 2,
        })}
        {text('user_id', userId, setUserId, {
          label: t('fields.user_id'),
          error: t('errors.userId'),
          hint: t('discounts.userHint'),
          inputMode: 'numeric',
        })}
        <Field
          id={`${id}-expires`}
          label={t('fields.expires')}
          invalid={invalid.has('expires')}
          error={t('errors.expires')}
          hint={t('discounts.expiresHint')}
        >
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              className={controlClass(invalid.has('expires'))}
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
          )}
        </Field>
        {text('currency', currency, setCurrency, {
          label: t('fields.currency'),
          error: t('errors.currency'),
          hint: t('discounts.currencyHint'),
          maxLength: 3,
        })}
        {text('minimum_order_value', minimum, setMinimum, {
          label: t('fields.minimum_order_value'),
          error: t('errors.price'),
          hint: t('discounts.minimumHint'),
          inputMode: 'decimal',
        })}
      </div>
      <fieldset className="mt-3">
        <legend className="form-label small mb-1">{t('fields.paymentmethods')}</legend>
        <div className="form-text mt-0 mb-1">{t('discounts.methodsHint')}</div>
        <div className="d-flex flex-wrap gap-3">
          {PAYMENT_METHODS.map((m) => (
            <div className="form-check" key={m}>
              <input
                id={`${id}-method-${m}`}
                className="form-check-input"
                type="checkbox"
                checked={methods.includes(m)}
                onChange={(e) => setMethods((now) => (e.target.checked ? [...now, m] : now.filter((x) => x !== m)))}
              />
              <label className="form-check-label" htmlFor={`${id}-method-${m}`}>
                {methodName(m)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button className="btn btn-primary btn-sm" type="submit" disabled={save.isPending}>
          {t('discounts.create')}
        </button>
        <button className="btn btn-outline-secondary btn-sm" type="button" onClick={() => onDone('')}>
          {t('admin:common.cancel')}
        </button>
      </div>
    </form>
  );
}
