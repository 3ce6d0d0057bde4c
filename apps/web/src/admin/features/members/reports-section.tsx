import type { AdminMemberReport } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { codeLabel } from './labels';
import { Section, TableBox } from './section';
import { StatusBadge } from './status-badge';

/** Reports against the member and by the member; a report links to the reports area for moderators. */
export function ReportsSection({ reports, canOpen }: { reports: AdminMemberReport[]; canOpen: boolean }) {
  const { t } = useTranslation('admin-members');
  return (
    <Section id="reports" title={t('sections.reports')}>
      {reports.length === 0 ? (
        <p className="mb-0">{t('reports.none')}</p>
      ) : (
        <TableBox label={t('sections.reports')}>
          <table className="table table-sm align-middle mb-0">
            <caption className="visually-hidden">{t('sections.reports')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.id')}</th>
                <th scope="col">{t('reports.date')}</th>
                <th scope="col">{t('reports.direction')}</th>
                <th scope="col">{t('reports.reason')}</th>
                <th scope="col">{t('reports.text')}</th>
                <th scope="col">{t('reports.status')}</th>
                <th scope="col">{t('reports.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <tr key={r.id}>
                  <td>{canOpen ? <Link to={`/reports/${r.id}`}>{r.id}</Link> : r.id}</td>
                  <td className="text-nowrap">{formatDateTime(r.created_at)}</td>
                  <td>
                    {r.direction === 'against'
                      ? t('reports.against')
                      : t('reports.by', { name: r.reported_name ?? `#${r.reported_profile_id}` })}
                  </td>
                  <td>{codeLabel(t, 'reasons', r.reason)}</td>
                  <td className="text-break">{r.text ?? '—'}</td>
                  <td>
                    <StatusBadge group="reportStatus" code={r.status} />
                  </td>
                  <td>{codeLabel(t, 'sanctionKinds', r.outcome)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </Section>
  );
}
