import type { ReportSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';

/** A profile of a report: name, or "(gone)" when the reporter's account was removed. */
function partyName(party: ReportSummary['reporter'], gone: string): string {
  return party.name || gone;
}

/**
 * Reports as a table that scrolls sideways on a phone: date, reason, reported profile, reporter,
 * messages attached, and the state (open, or what staff did), each row linking to the report.
 */
export function ReportTable({ reports, caption }: { reports: ReportSummary[]; caption: string }) {
  const { t } = useTranslation('admin-moderation');
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid="report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.date')}</th>
            <th scope="col">{t('reports.reason')}</th>
            <th scope="col">{t('reports.reported')}</th>
            <th scope="col">{t('reports.reporter')}</th>
            <th scope="col">{t('reports.evidence')}</th>
            <th scope="col">{t('reports.state')}</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((r) => (
            <tr key={r.id}>
              <td className="text-nowrap">
                <Link to={`/reports/${r.id}`}>{formatDateTime(r.created_at)}</Link>
                <span className="visually-hidden"> {t('reports.view', { id: r.id })}</span>
              </td>
              <td>
                {t(`reasons.${r.reason}`)}
                {r.signal && <span className="badge text-bg-warning ms-1">{t('reports.fromNote')}</span>}
              </td>
              <td>
                {r.reported.name}
                {r.reported.fictional && <span className="badge text-bg-info ms-1">{t('report.fictional')}</span>}
              </td>
              <td>{partyName(r.reporter, t('reports.gone'))}</td>
              <td>{r.evidence_count}</td>
              <td>{r.outcome ? t(`outcome.${r.outcome}`) : t('reports.open')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
