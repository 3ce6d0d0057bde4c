import type { DiscountCode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n';
import { formatCountdown, secondsUntil } from '../time-bonus/countdown';
import { useNow } from '../time-bonus/use-time-bonus';

/**
 * The active discount above the packages (SPEC.md 4): the time bonus with its countdown, else the
 * welcome discount with its end date, else a typed code.
 */
export function ActiveDiscount({ discount }: { discount: DiscountCode }) {
  const { t } = useTranslation('money');
  const now = useNow();
  const percentage = discount.value_percentage;
  if (discount.kind === 'time_bonus') {
    const left = discount.expires ? secondsUntil(discount.expires, now) : 0;
    return (
      <div className="alert alert-primary d-flex flex-wrap align-items-center gap-2" data-testid="active-discount">
        <span className="fw-semibold me-auto">{t('discount.timeBonus', { percentage })}</span>
        {left > 0 && (
          <span className="badge text-bg-primary fs-6 font-monospace" role="timer">
            <span className="visually-hidden">{t('timeBonus.timeLeft')} </span>
            {formatCountdown(left)}
          </span>
        )}
      </div>
    );
  }
  const text =
    discount.kind === 'welcome'
      ? t('discount.welcome', { percentage })
      : t('discount.code', { code: discount.code, percentage });
  return (
    <div className="alert alert-primary" data-testid="active-discount">
      <span className="fw-semibold">{text}</span>
      {discount.expires && (
        <span className="d-block small">
          {t('discount.until', {
            date: formatDate(discount.expires, undefined, { dateStyle: 'long', timeStyle: 'short' }),
          })}
        </span>
      )}
    </div>
  );
}
