import { type AdminCreditPackage, SHOP_LIMITS } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { centsToAmountInput, parseAmountToCents } from '../billing/money';
import { createPackage, shopKeys, updatePackage } from './api';
import { invalidFields, shopErrorMessage } from './errors';
import { Check, controlClass, Field, FormButtons } from './field';

/** A whole number typed into a field, or null. */
const wholeNumber = (value: string) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null);

/**
 * The form of a new credit package of `siteId`, or of changes to `pkg`: credits, price (typed in
 * currency units, sent as cents), currency, position, highlighted and active. Checks the numbers
 * first, then shows the server's field errors. A price change applies to payments opened after it.
 */
export function PackageForm({
  siteId,
  pkg,
  onDone,
}: {
  siteId: number;
  pkg?: AdminCreditPackage | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('admin-shop');
  const id = useId();
  const queryClient = useQueryClient();
  const comma = i18n.language === 'nl';
  const [credits, setCredits] = useState(pkg ? String(pkg.credits) : '');
  const [price, setPrice] = useState(pkg ? centsToAmountInput(pkg.price_cents, comma) : '');
  const [currency, setCurrency] = useState(pkg?.currency ?? 'EUR');
  const [position, setPosition] = useState(String(pkg?.position ?? 0));
  const [highlighted, setHighlighted] = useState(pkg?.highlighted ?? false);
  const [active, setActive] = useState(pkg?.active ?? true);
  const [local, setLocal] = useState<Set<string>>(new Set());
  const save = useMutation({
    mutationFn: (values: { credits: number; price_cents: number; position: number }) => {
      const body = { ...values, currency: currency.trim().toUpperCase(), highlighted, active };
      return pkg ? updatePackage({ id: pkg.id, ...body }) : createPackage({ site_id: siteId, ...body });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shopKeys.packages(siteId) });
      onDone();
    },
  });
  const invalid = new Set([...local, ...invalidFields(save.error)]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const values = {
      credits: wholeNumber(credits),
      price_cents: parseAmountToCents(price),
      position: wholeNumber(position),
    };
    const wrong = new Set<string>();
    if (!values.credits || values.credits > SHOP_LIMITS.credits) wrong.add('credits');
    if (!values.price_cents || values.price_cents > SHOP_LIMITS.priceCents) wrong.add('price_cents');
    if (values.position === null || values.position > SHOP_LIMITS.position) wrong.add('position');
    if (!/^[A-Za-z]{3}$/.test(currency.trim())) wrong.add('currency');
    setLocal(wrong);
    if (wrong.size > 0) return;
    save.mutate(values as { credits: number; price_cents: number; position: number });
  }

  const title = pkg ? t('packages.editTitle', { credits: pkg.credits }) : t('packages.new');
  return (
    <form
      className="card card-body mb-3"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="package-form"
    >
      <h3 className="h6" id={`${id}-title`}>
        {title}
      </h3>
      {save.error && <ErrorAlert>{shopErrorMessage(save.error)}</ErrorAlert>}
      <div className="row g-2">
        <Field
          id={`${id}-credits`}
          label={t('fields.credits')}
          invalid={invalid.has('credits')}
          error={t('errors.credits')}
        >
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('credits'))}
              inputMode="numeric"
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-price`}
          label={t('fields.price', { currency: currency.toUpperCase() })}
          invalid={invalid.has('price_cents')}
          error={t('errors.price')}
          hint={pkg ? t('packages.priceHint') : undefined}
        >
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('price_cents'))}
              inputMode="decimal"
              autoComplete="off"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-currency`}
          label={t('fields.currency')}
          invalid={invalid.has('currency')}
          error={t('errors.currency')}
          className="col-6 col-sm-3 col-lg-2"
        >
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('currency'))}
              maxLength={3}
              autoComplete="off"
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-position`}
          label={t('fields.position')}
          invalid={invalid.has('position')}
          error={t('errors.position')}
          className="col-6 col-sm-3 col-lg-2"
        >
          {(p) => (
            <input
              {...p}
              className={controlClass(invalid.has('position'))}
              inputMode="numeric"
              value={position}
              onChange={(e) => setPosition(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="d-flex flex-wrap gap-3 mt-2">
        <Check
          id={`${id}-highlighted`}
          label={t('fields.highlighted')}
          checked={highlighted}
          onChange={setHighlighted}
        />
        <Check id={`${id}-active`} label={t('fields.active')} checked={active} onChange={setActive} />
      </div>
      <FormButtons pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
