import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api';
import { i18next } from '../lib/i18n';

/** The message of an API error in the back office's language (the server's `errors` catalogue). */
export function errorMessage(err: unknown): string {
  if (isApiError(err)) {
    const key = `errors:${err.code}`;
    return i18next.exists(key) ? i18next.t(key) : err.message;
  }
  return i18next.t('admin:error.general');
}

/** An error block for a failed query or action; nothing when `error` is empty. */
export function AdminError({ error }: { error: unknown }) {
  if (!error) return null;
  return <ErrorAlert>{errorMessage(error)}</ErrorAlert>;
}
