import type { AuditQuery } from './api';

/** The audit filters as the form and the address bar hold them: text, '' for "any". */
export interface AuditFilterValues {
  staff_id: string;
  action: string;
  object_type: string;
  object_id: string;
  member_user_id: string;
  site_id: string;
  /** Dates as YYYY-MM-DD (a date input's value), in the browser's time zone; `to` is inclusive. */
  from: string;
  to: string;
}

/** The filter names, in the order of the form and the address bar. */
export const AUDIT_FILTER_NAMES = [
  'staff_id',
  'action',
  'object_type',
  'object_id',
  'member_user_id',
  'site_id',
  'from',
  'to',
] as const satisfies readonly (keyof AuditFilterValues)[];

/** The filters of the address bar's query (`?action=staff.&page=2`); a missing one is ''. */
export function filtersFromParams(params: URLSearchParams): AuditFilterValues {
  const values = {} as AuditFilterValues;
  for (const name of AUDIT_FILTER_NAMES) values[name] = params.get(name) ?? '';
  return values;
}

/** The page (1-based) of the address bar's query; anything but a positive integer is 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The address bar's query for `values` and `page`: filled filters only, page only past 1. */
export function filtersToParams(values: AuditFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) {
    const value = values[name].trim();
    if (value) params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Midnight starting the YYYY-MM-DD `date` (plus `days`) in the browser's time zone, as an ISO time. */
function localMidnight(date: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/** A positive integer of `text`, else undefined (a half-typed id filters nothing). */
function positiveId(text: string): number | undefined {
  const n = Number(text);
  return text.trim() && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The query of GET /api/admin/audit.php for `values` and `page`: ids as numbers, texts trimmed,
 * `from` as the start of its day and `to` as the start of the next day (the server's `to` is
 * exclusive, the form's inclusive), empty filters left out.
 */
export function toAuditQuery(values: AuditFilterValues, page: number): AuditQuery {
  const text = (value: string) => value.trim() || undefined;
  return {
    staff_id: positiveId(values.staff_id),
    action: text(values.action),
    object_type: text(values.object_type),
    object_id: text(values.object_id),
    member_user_id: positiveId(values.member_user_id),
    site_id: positiveId(values.site_id),
    from: localMidnight(values.from),
    to: localMidnight(values.to, 1),
    page,
  };
}
