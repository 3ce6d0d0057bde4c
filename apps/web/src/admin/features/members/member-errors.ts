import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../components/error-text';
import { i18next } from '../../lib/i18n';

/**
 * The message of a failed members call: a `conflict` with a known `data.reason` (balance below zero,
 * already pending deletion, banned, not unconfirmed) gets its own text; anything else the server's.
 */
export function memberErrorMessage(err: unknown): string {
  if (isApiError(err, 'conflict')) {
    const reason = (err.data as { reason?: unknown } | undefined)?.reason;
    const key = `admin-members:conflicts.${String(reason)}`;
    if (typeof reason === 'string' && i18next.exists(key)) return i18next.t(key);
  }
  return errorMessage(err);
}
