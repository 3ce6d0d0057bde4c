import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../components/error-text';
import { i18next } from '../../lib/i18n';

/** A risk score as staff read it: one decimal (scores decay continuously), in the back office's language. */
export function formatScore(score: number): string {
  return new Intl.NumberFormat(i18next.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(score);
}

/**
 * Whether a member's new messages are held now: a current risk score above the site's threshold
 * (a threshold of 0 holds every message of a scored member; docs/decisions/021-safer-conversations.md).
 */
export function isAboveThreshold(score: number, threshold: number): boolean {
  return score > threshold;
}

/**
 * The message of a failed Signals action: a release the member's credits do not cover (402
 * not_enough_credits, data {cost, credits}) and a message no longer held (409 conflict) get their
 * own staff texts; anything else the server's error text.
 */
export function signalErrorMessage(err: unknown): string {
  if (isApiError(err, 'not_enough_credits')) {
    const data = (err.data ?? {}) as { cost?: unknown; credits?: unknown };
    if (typeof data.cost === 'number' && typeof data.credits === 'number') {
      return i18next.t('admin-signals:errors.notEnoughCredits', { cost: data.cost, credits: data.credits });
    }
    return i18next.t('admin-signals:errors.notEnoughCreditsPlain');
  }
  if (isApiError(err, 'conflict')) return i18next.t('admin-signals:errors.notHeld');
  return errorMessage(err);
}
