import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCountdown } from './countdown';

/** The time-bonus banner (SPEC.md 2, 4): the discount, a ticking hh:mm:ss countdown and a link to /credits. */
export function TimeBonusBanner({ percentage, secondsLeft }: { percentage: number; secondsLeft: number }) {
  const { t } = useTranslation('money');
  return (
    <Link
      to="/credits"
      className="alert alert-primary d-flex flex-wrap align-items-center justify-content-center gap-2 text-decoration-none py-2 mb-0 time-bonus-banner"
      data-testid="time-bonus-banner"
    >
      <span className="fw-semibold">{t('timeBonus.banner', { percentage })}</span>
      <span className="badge text-bg-primary fs-6 font-monospace" role="timer" data-testid="time-bonus-countdown">
        <span className="visually-hidden">{t('timeBonus.timeLeft')} </span>
        {formatCountdown(secondsLeft)}
      </span>
      <span className="text-decoration-underline">{t('timeBonus.cta')}</span>
    </Link>
  );
}
