import { type CreditPackage, type DiscountCode, discountedCents, type PaymentMethod } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { MethodIcon } from './method-icon';
import { discountPercentage, formatMoney } from './pricing';

/** Order summary (SPEC.md 2 /credits/{id}/{paymentmethod}): package, method, discount and total in cents. */
export function OrderSummary({
  pkg,
  method,
  discount,
}: {
  pkg: CreditPackage;
  method: PaymentMethod | null;
  discount: DiscountCode | null;
}) {
  const { t, i18n } = useTranslation('money');
  const percentage = discountPercentage(pkg, discount, method ?? undefined);
  const money = (cents: number) => formatMoney(cents, pkg.currency, i18n.language);
  const total = discountedCents(pkg.price_cents, percentage);
  return (
    <dl className="order-summary mb-0" data-testid="order-summary">
      <div className="d-flex justify-content-between gap-3 py-2 border-bottom">
        <dt className="fw-normal">{t('summary.package', { count: pkg.credits })}</dt>
        <dd className="mb-0">{money(pkg.price_cents)}</dd>
      </div>
      {method && (
        <div className="d-flex justify-content-between gap-3 py-2 border-bottom">
          <dt className="fw-normal">{t('summary.method')}</dt>
          <dd className="mb-0 d-flex align-items-center gap-2">
            <MethodIcon method={method} /> {t(`methods.names.${method}`)}
          </dd>
        </div>
      )}
      {percentage && discount && (
        <div
          className="d-flex justify-content-between gap-3 py-2 border-bottom text-success"
          data-testid="summary-discount"
        >
          <dt className="fw-normal">{t('summary.discount', { code: discount.code, percentage })}</dt>
          <dd className="mb-0 text-nowrap">−{money(pkg.price_cents - total)}</dd>
        </div>
      )}
      <div className="d-flex justify-content-between gap-3 py-2 fs-5 fw-bold">
        <dt>{t('summary.total')}</dt>
        <dd className="mb-0" data-testid="summary-total">
          {money(total)}
        </dd>
      </div>
    </dl>
  );
}
