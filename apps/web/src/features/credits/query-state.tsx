import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { errorText } from '../account/api-error-alert';

/** Spinner while the shop loads, or the error of a failed load with a retry button. */
export function QueryState({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('money');
  if (!error) {
    return (
      <div className="text-center py-5">
        <span className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('common:actions.loading')}</span>
        </span>
      </div>
    );
  }
  return (
    <ErrorAlert className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{errorText(error, t)}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
          {t('common:actions.retry')}
        </button>
      )}
    </ErrorAlert>
  );
}
