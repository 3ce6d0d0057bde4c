import { type CreditPackage, discountedCents } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './pricing';

/**
 * Price of a package (SPEC.md 2 /credits): with a discount the old price struck through, the new
 * price and "-25%"; without one just the price. Cents of the package currency.
 */
export function PriceTag({
  pkg,
  percentage,
  size = 'md',
}: {
  pkg: Pick<CreditPackage, 'price_cents' | 'currency'>;
  percentage: number | null;
  size?: 'md' | 'lg';
}) {
  const { t, i18n } = useTranslation('money');
  const price = formatMoney(pkg.price_cents, pkg.currency, i18n.language);
  const priceClass = size === 'lg' ? 'fs-3 fw-bold' : 'fs-5 fw-bold';
  if (!percentage) {
    return (
      <span className={priceClass} data-testid="price">
        {price}
      </span>
    );
  }
  const now = formatMoney(discountedCents(pkg.price_cents, percentage), pkg.currency, i18n.language);
  return (
    <span className="d-inline-flex flex-wrap justify-content-center align-items-baseline column-gap-2">
      <del className="text-body-secondary" data-testid="old-price">
        <span className="visually-hidden">{t('price.was')} </span>
        {price}
      </del>
      <span className={`${priceClass} text-primary`} data-testid="price">
        <span className="visually-hidden">{t('price.now')} </span>
        {now}
      </span>
      <span className="badge text-bg-success" data-testid="discount-badge">
        {t('price.off', { percentage })}
      </span>
    </span>
  );
}
