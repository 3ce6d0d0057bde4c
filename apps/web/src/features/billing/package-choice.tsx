import { type CreditPackage, type DiscountCode, discountedCents } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectField } from '../../components/select-field';
import { PriceTag } from '../credits/price-tag';
import { discountPercentage } from '../credits/pricing';
import { formatMoney } from './format';

/**
 * The package paid by direct debit: the one chosen on /credits (`?package=<id>`) with a link back,
 * else a select of the site's packages (GET /api/credits.php).
 */
export function PackageChoice({
  packages,
  discount,
  value,
  isFixed,
  onChange,
}: {
  packages: CreditPackage[];
  /** The member's active discount (GET /api/credits.php); the server applies it to direct debit too. */
  discount: DiscountCode | null;
  value: number | null;
  /** Whether the package came from /credits and is shown, not chosen here. */
  isFixed: boolean;
  onChange: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const percentage = (p: CreditPackage) => discountPercentage(p, discount, 'sdd');
  const amount = (p: CreditPackage) =>
    formatMoney(discountedCents(p.price_cents, percentage(p)), p.currency, i18n.language);
  const label = (p: CreditPackage) => t('directDebit.packageOption', { count: p.credits, amount: amount(p) });
  const chosen = packages.find((p) => p.id === value);
  if (isFixed && chosen) {
    return (
      <div className="mb-3 d-flex flex-wrap justify-content-between align-items-center gap-2 p-3 bg-body-tertiary rounded">
        <div>
          <div className="small text-body-secondary">{t('directDebit.package')}</div>
          <div className="fw-semibold" data-testid="dd-package">
            {t('chat:credits', { count: chosen.credits })}
          </div>
          <PriceTag pkg={chosen} percentage={percentage(chosen)} />
        </div>
        <Link to="/credits" className="small">
          {t('directDebit.otherPackage')}
        </Link>
      </div>
    );
  }
  return (
    <SelectField
      className="mb-3"
      label={t('directDebit.package')}
      value={value}
      required
      emptyLabel={t('directDebit.choosePackage')}
      isEmptySelectable={false}
      options={packages.map((p) => ({ value: p.id, label: label(p) }))}
      onChange={(id) => onChange(Number(id))}
    />
  );
}
