import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import type { ApiError } from '../../lib/api';

/**
 * The alert of a refused send (SPEC.md 8): not enough credits offers the buy button, a premium-only
 * feature (the free conversation limit) the premium offer; other errors show their message.
 */
export function ChatAlert({ error, onClose }: { error: ApiError; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const action =
    error.code === 'not_enough_credits' ? (
      <Link to="/credits" className="btn btn-sm btn-primary" data-testid="buy-credits">
        {t('alert.buyCredits')}
      </Link>
    ) : error.code === 'premium_required' ? (
      <Link to="/premium" className="btn btn-sm btn-primary" data-testid="get-premium">
        {t('alert.getPremium')}
      </Link>
    ) : null;
  return (
    <ErrorAlert
      tone="warning"
      className="d-flex flex-wrap align-items-center gap-2 mb-2 py-2"
      onClose={onClose}
      closeLabel={t('alert.close')}
    >
      <span className="me-auto">
        {error.message}
        {error.code === 'premium_required' && ` ${t('alert.conversationLimit')}`}
      </span>
      {action}
    </ErrorAlert>
  );
}
