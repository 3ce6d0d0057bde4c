import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/i18n';

/**
 * Where a login refused because the account is closed leads: /pages/ban (rendered by the server),
 * whose `closed=1` query shows the notice that this account is closed above the page's text.
 */
export const BANNED_LOGIN_PATH = '/pages/ban?closed=1';

/** Whether a failed login was refused because staff closed the account (403 account_banned). */
export function isBannedError(error: unknown): boolean {
  return isApiError(error, 'account_banned');
}

/**
 * The text of a login refused during a suspension (403 account_suspended, data.until an ISO time),
 * with the end in the member's language; null for any other error.
 */
export function suspendedText(error: unknown, t: TFunction, lng: string): string | null {
  if (!isApiError(error, 'account_suspended')) return null;
  const until = (error.data as { until?: unknown } | undefined)?.until;
  if (typeof until !== 'string') return error.message;
  const formatted = formatDate(until, lng, { dateStyle: 'long', timeStyle: 'short' });
  return t('common:banPage.suspended', { until: formatted });
}
