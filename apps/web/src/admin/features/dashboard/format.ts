import type { DashboardCell } from '@app/contracts';
import { formatCents } from '../../lib/format';
import { i18next } from '../../lib/i18n';

/** A count in the back office's language (e.g. "1,234" / "1.234"). */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(i18next.language).format(n);
}

/** Seconds with their unit, to a tenth (e.g. "42.5 sec" / "42,5 sec."); "—" for none. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  return new Intl.NumberFormat(i18next.language, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(seconds);
}

/** A UTC day (YYYY-MM-DD) as a date of the language ("7 Mar 2025" / "7 mrt 2025"). */
export function formatDay(day: string, style: 'medium' | 'short' = 'medium'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(i18next.language, options).format(new Date(`${day}T00:00:00Z`));
}

/**
 * A cell of a dashboard table for people: days as dates, cents as money of the row's currency,
 * seconds with their unit, counts with the language's separators; "—" for empty.
 */
export function formatCell(column: string, cell: DashboardCell, currency: string | undefined): string {
  if (cell === null) return '—';
  if (typeof cell === 'string') return column === 'day' ? formatDay(cell) : cell;
  if (column.endsWith('_cents')) return formatCents(cell, currency ?? 'EUR');
  if (column.endsWith('_seconds')) return formatSeconds(cell);
  if (column === 'site_id') return String(cell);
  return formatCount(cell);
}
