import { i18next } from './i18n';

/** A date and time in the back office's language (e.g. "24 Nov 2026, 14:05"). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(i18next.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** An amount of cents as money in `currency` (EUR by default). */
export function formatCents(cents: number, currency = 'EUR'): string {
  return new Intl.NumberFormat(i18next.language, { style: 'currency', currency }).format(cents / 100);
}
