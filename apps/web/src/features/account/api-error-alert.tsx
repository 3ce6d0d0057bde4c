import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { ApiError } from '../../lib/api';
import { useSettings } from '../session/use-settings';

/** The text of a failed call: the server's translated message, or the network text when there was no answer. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status > 0) return error.message;
  return error ? t('errors:network') : '';
}

/** Extra help a weak_password answer carries: zxcvbn's warning and suggestions from the server. */
export function weakPasswordHints(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.code !== 'weak_password') return [];
  const data = (error.data ?? {}) as { warning?: unknown; suggestions?: unknown };
  const hints = typeof data.warning === 'string' && data.warning ? [data.warning] : [];
  return Array.isArray(data.suggestions) ? [...hints, ...data.suggestions.filter((s) => typeof s === 'string')] : hints;
}

/**
 * Alert for a failed access call (SPEC.md 8): the server's message, plus a login link for an existing
 * account, a support link for an account pending deletion and a new-mail link for an expired reset link.
 */
export function ApiErrorAlert({
  error,
  className = '',
  showResetLink = true,
}: {
  error: unknown;
  className?: string;
  /** Whether an expired link offers a new password-reset mail (not on mail change or reactivation). */
  showResetLink?: boolean;
}) {
  const { t } = useTranslation('access');
  const settings = useSettings();
  if (!error) return null;
  const code = error instanceof ApiError ? error.code : 'network';
  return (
    <ErrorAlert className={className}>
      {errorText(error, t)}
      {code === 'email_taken' && (
        <>
          {' '}
          <Link to="/login" className="alert-link">
            {t('errorLinks.login')}
          </Link>
        </>
      )}
      {code === 'account_pending_deletion' && settings.support_email && (
        <>
          {' '}
          <a href={`mailto:${settings.support_email}`} className="alert-link">
            {t('errorLinks.support', { email: settings.support_email })}
          </a>
        </>
      )}
      {code === 'reset_link_invalid' && showResetLink && (
        <>
          {' '}
          <Link to="/reset-password" className="alert-link">
            {t('errorLinks.newResetMail')}
          </Link>
        </>
      )}
      {weakPasswordHints(error).length > 0 && (
        <ul className="mb-0 mt-2 ps-3">
          {weakPasswordHints(error).map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      )}
    </ErrorAlert>
  );
}
