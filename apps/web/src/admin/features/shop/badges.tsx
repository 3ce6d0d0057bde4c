import type { DiscountStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** On sale / not on sale. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin-shop');
  return (
    <span className={`badge ${active ? 'text-bg-success' : 'text-bg-secondary'}`}>
      {t(active ? 'states.active' : 'states.inactive')}
    </span>
  );
}

/** A discount code's state; an active code past its own end date reads "expired". */
export function DiscountStatusBadge({ status, expired }: { status: DiscountStatus; expired: boolean }) {
  const { t } = useTranslation('admin-shop');
  const shown = status === 'active' && expired ? 'expired' : status;
  const tone = {
    active: 'text-bg-success',
    inactive: 'text-bg-secondary',
    ended: 'text-bg-dark',
    expired: 'text-bg-warning',
  }[shown];
  return <span className={`badge ${tone}`}>{t(`states.${shown}`)}</span>;
}
