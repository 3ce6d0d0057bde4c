import { useTranslation } from 'react-i18next';

/**
 * The "verified" badge of a profile whose face matched its main photo (issue: verified members): a
 * short visible word with a check mark, and what it means as its accessible name and tooltip.
 */
export function VerifiedBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const meaning = t('members.verifiedMeaning');
  return (
    <span
      className={`badge rounded-pill verified-badge ${className}`}
      title={meaning}
      role="img"
      aria-label={meaning}
      data-testid="verified-badge"
    >
      <span aria-hidden="true">✓ {t('members.verified')}</span>
    </span>
  );
}
