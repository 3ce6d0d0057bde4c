import type { DashboardTable, DashboardTableData } from '@app/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCell } from './format';
import './data-table.css';

/** Columns the screen leaves out of a table (the CSV keeps them). */
const HIDDEN_COLUMNS = new Set(['site_id']);

/**
 * One dashboard table with its caption and its CSV download: the same rows as the CSV file
 * (contracts' dashboardTable), formatted for the language. Wide tables scroll inside a focusable
 * region, never the page; `collapsed` puts the table in a disclosure (the data of a chart). The tables
 * shown open (revenue per site and currency, figures per site) stack on a phone instead: one block per
 * row, one labelled line per cell (data-table.css), so a 360 px screen shows every figure.
 */
export function DataTable({
  table,
  data,
  caption,
  csv,
  collapsed = false,
}: {
  table: DashboardTable;
  data: DashboardTableData;
  caption: string;
  csv: string;
  collapsed?: boolean;
}) {
  const { t } = useTranslation('admin-dashboard');
  const id = useId();
  const shown = data.columns.map((c, i) => [c, i] as const).filter(([c]) => !HIDDEN_COLUMNS.has(c));
  const currencyAt = data.columns.indexOf('currency');
  const stacked = !collapsed;
  const body = (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to scroll by keyboard (axe scrollable-region-focusable)
    <section className="table-responsive" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table
        className={`table table-sm table-striped align-middle mb-0 ${stacked ? 'dashboard-stacked' : 'text-nowrap'}`}
      >
        <caption id={`${id}-caption`} className="caption-top">
          {caption}
        </caption>
        <thead>
          <tr>
            {shown.map(([c]) => (
              <th key={c} scope="col" className={c === 'day' || c === 'domain' || c === 'currency' ? '' : 'text-end'}>
                {t(`columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.length === 0 && (
            <tr>
              <td colSpan={shown.length}>{t('noRows')}</td>
            </tr>
          )}
          {data.rows.map((row, r) => {
            const currency = currencyAt >= 0 ? String(row[currencyAt]) : undefined;
            const isTotal = row.includes('total') && row[data.columns.indexOf('domain')] === 'total';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
              <tr key={r} className={isTotal ? 'fw-semibold' : undefined}>
                {shown.map(([c, i], n) => {
                  const text =
                    c === 'domain' && row[i] === 'total' ? t('total') : formatCell(c, row[i] ?? null, currency);
                  const align = c === 'day' || c === 'domain' || c === 'currency' ? undefined : 'text-end';
                  const label = stacked ? t(`columns.${c}`) : undefined;
                  return n === 0 ? (
                    <th key={c} scope="row" className={align} data-label={label}>
                      {text}
                    </th>
                  ) : (
                    <td key={c} className={align} data-label={label}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
  const download = (
    <a className="btn btn-outline-primary btn-sm" href={csv} download>
      {t('csv', { table: caption })}
    </a>
  );
  if (!collapsed) {
    return (
      <div className="mb-3" data-table={table}>
        {body}
        <div className="mt-2">{download}</div>
      </div>
    );
  }
  return (
    <div className="mt-2" data-table={table}>
      <details>
        <summary>{t('showTable', { table: caption })}</summary>
        {body}
      </details>
      <div className="mt-2">{download}</div>
    </div>
  );
}
