import { type Dashboard, type DashboardCell, type DashboardTable, dashboardTable } from '@app/contracts';

/** Response seconds are shown to a tenth of a second. */
function tenths(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds * 10) / 10;
}

/** The dashboard on the wire: percentiles rounded to 0.1 s (issue: back office II). */
export function presentDashboard(d: Dashboard): Dashboard {
  const round = <T extends { median_response_seconds: number | null; p95_response_seconds: number | null }>(f: T) => ({
    ...f,
    median_response_seconds: tenths(f.median_response_seconds),
    p95_response_seconds: tenths(f.p95_response_seconds),
  });
  return { ...d, sites: d.sites.map(round), total: round(d.total), days: d.days.map(round) };
}

/** A text cell that a spreadsheet would run as a formula is prefixed with an apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): numbers as they are, texts quoted when they hold a comma, quote or line break. */
export function csvField(cell: DashboardCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * One table of the dashboard as CSV: a header of column keys, then the rows of `dashboardTable`,
 * CRLF line ends; the file name names the table, the site (or all sites) and the period.
 */
export function presentDashboardCsv(d: Dashboard, table: DashboardTable): { filename: string; body: string } {
  const data = dashboardTable(d, table);
  const lines = [data.columns.join(','), ...data.rows.map((row) => row.map(csvField).join(','))];
  const scope = d.site_id === null ? 'all-sites' : `site-${d.site_id}`;
  return { filename: `dashboard-${table}-${scope}-${d.from}-${d.to}.csv`, body: `${lines.join('\r\n')}\r\n` };
}
