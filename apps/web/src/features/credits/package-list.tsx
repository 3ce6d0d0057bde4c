import type { CreditPackage, DiscountCode, PaymentMethod } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PriceTag } from './price-tag';
import { discountPercentage, formatMoney, perCreditCents } from './pricing';

interface PackageListProps {
  packages: readonly CreditPackage[];
  discount: DiscountCode | null;
  method?: PaymentMethod;
  /** With a selection the cards are radio buttons; without they only show the offer. */
  selected?: number | null;
  onSelect?: (id: number) => void;
}

/**
 * The site's credit packages (SPEC.md 2 /credits, /pricing, /premium): credits, price, price per
 * credit, the highlighted one marked "best choice", the discount applied where it applies.
 */
export function PackageList({ packages, discount, method, selected, onSelect }: PackageListProps) {
  const { t } = useTranslation('money');
  const cards = (
    <div className="row row-cols-2 row-cols-xl-4 g-2 g-sm-3 package-list">
      {packages.map((pkg) => (
        <div className="col" key={pkg.id}>
          <PackageCard
            pkg={pkg}
            percentage={discountPercentage(pkg, discount, method)}
            isSelected={selected === pkg.id}
            onSelect={onSelect}
          />
        </div>
      ))}
    </div>
  );
  if (!onSelect) return cards;
  return (
    <div role="radiogroup" aria-label={t('packages.heading')}>
      {cards}
    </div>
  );
}

function PackageCard({
  pkg,
  percentage,
  isSelected,
  onSelect,
}: {
  pkg: CreditPackage;
  percentage: number | null;
  isSelected: boolean;
  onSelect?: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('money');
  const perCredit = formatMoney(perCreditCents(pkg, percentage), pkg.currency, i18n.language, 3);
  const border = isSelected ? 'border-primary border-2 shadow' : pkg.highlighted ? 'border-primary' : '';
  const body = (
    <div className="card-body text-center d-flex flex-column align-items-center gap-1 pt-4 px-2">
      {pkg.highlighted && (
        <span className="badge text-bg-primary package-best" data-testid="best-choice">
          {t('packages.bestChoice')}
        </span>
      )}
      <span className="display-6 fw-bold lh-1">{pkg.credits}</span>
      <span className="text-body-secondary text-uppercase small">{t('packages.credits')}</span>
      <PriceTag pkg={pkg} percentage={percentage} />
      <span className="small text-body-secondary">{t('packages.perCredit', { price: perCredit })}</span>
    </div>
  );
  if (!onSelect) {
    return (
      <article className={`card h-100 package-card ${border}`} data-testid="package">
        {body}
      </article>
    );
  }
  return (
    <label className={`card h-100 package-card package-card-selectable ${border}`} data-testid="package">
      <input
        type="radio"
        name="package"
        className="visually-hidden"
        value={pkg.id}
        checked={isSelected}
        onChange={() => onSelect(pkg.id)}
        aria-label={t('packages.choose', { credits: pkg.credits })}
      />
      {body}
    </label>
  );
}
