import type { ReportDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { reportQuery } from '../features/moderation/api';
import { EvidenceList } from '../features/moderation/evidence-list';
import { ReportActionForm } from '../features/moderation/report-action-form';
import { ReportTable } from '../features/moderation/report-table';
import { SanctionList } from '../features/moderation/sanction-list';
import { formatDateTime } from '../lib/format';
import { useStaff } from '../lib/session';

/** A party of the report with a link to the member when there is an account. */
function Party({ party, fictional }: { party: ReportDetail['report']['reporter']; fictional?: string }) {
  const { t } = useTranslation('admin-moderation');
  return (
    <>
      {party.name || t('reports.gone')}
      {fictional && <span className="badge text-bg-info ms-1">{fictional}</span>}
      {party.user_id !== null && (
        <>
          {' · '}
          <Link to={`/members/${party.user_id}`}>{t('report.member', { id: party.user_id })}</Link>
        </>
      )}
    </>
  );
}

/** The report itself and the reported member's account, as a definition list. */
function Summary({ detail }: { detail: ReportDetail }) {
  const { t } = useTranslation('admin-moderation');
  const { report, account } = detail;
  const rows: [string, React.ReactNode][] = [
    [t('report.reason'), t(`reasons.${report.reason}`)],
    [t('report.text'), report.text || <span className="text-body-secondary">{t('report.noText')}</span>],
  ];
  // A one-tap report from a message's safety note (issue: safer conversations): its signal, and the
  // reported member's signals screen.
  if (report.signal) {
    rows.push([
      t('report.signal'),
      <span key="s" data-testid="report-signal">
        {t('report.signalValue', { kind: t(`admin-signals:kinds.${report.signal}`) })}
        {report.reported.user_id !== null && (
          <>
            {' · '}
            <Link to={`/signals/${report.reported.user_id}`}>{t('report.openSignals')}</Link>
          </>
        )}
      </span>,
    ]);
  }
  rows.push(
    [t('report.created'), formatDateTime(report.created_at)],
    [t('report.status'), report.outcome ? t(`outcome.${report.outcome}`) : t('reports.open')],
    [t('report.reporter'), <Party key="r" party={report.reporter} />],
    [
      t('report.reported'),
      <Party
        key="p"
        party={report.reported}
        fictional={report.reported.fictional ? t('report.fictional') : undefined}
      />,
    ],
  );
  if (report.handled_at) rows.push([t('report.handledAt'), formatDateTime(report.handled_at)]);
  if (detail.handled_by) rows.push([t('report.handledBy'), detail.handled_by]);
  if (account.email) rows.push([t('report.email'), account.email]);
  if (account.account_status) rows.push([t('report.accountStatus'), t(`accountStatus.${account.account_status}`)]);
  rows.push([t('report.profileStatus'), t(`profileStatus.${account.profile_status}`)]);
  if (account.suspended_until) rows.push([t('report.suspendedUntil'), formatDateTime(account.suspended_until)]);
  return (
    <dl className="row mb-0">
      {rows.map(([label, value]) => (
        <div className="col-12 d-sm-flex" key={label}>
          <dt className="col-sm-4 fw-semibold">{label}</dt>
          <dd className="col-sm-8 mb-2" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One report (issue: back office I): the report, the evidence, the decision (while open), and the
 * reported member's history: other reports, measures (admins may revoke them) and staff notes.
 */
export function Component() {
  const { t } = useTranslation('admin-moderation');
  const staff = useStaff();
  const id = Number(useParams().id);
  const detail = useQuery({ ...reportQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const [done, setDone] = useState(false);
  const data = detail.data;
  return (
    <>
      <PageTitle actions={<Link to="/reports">{t('report.back')}</Link>}>{t('report.title', { id })}</PageTitle>
      <AdminError error={detail.error} />
      {done && (
        <div className="alert alert-success" role="status">
          {t('report.handledDone')}
        </div>
      )}
      {data && (
        <div className="row g-3">
          <div className="col-lg-7">
            <section className="card card-body mb-3" aria-labelledby="report-summary">
              <h2 className="h5" id="report-summary">
                {t('report.summary')}
              </h2>
              <Summary detail={data} />
            </section>
            <section className="card card-body mb-3" aria-labelledby="report-evidence">
              <h2 className="h5" id="report-evidence">
                {t('report.evidence')}
              </h2>
              <EvidenceList detail={data} />
            </section>
          </div>
          <div className="col-lg-5">
            <section className="card card-body mb-3" aria-labelledby="report-decision">
              <h2 className="h5" id="report-decision">
                {t('report.decision')}
              </h2>
              {data.report.status === 'open' ? (
                <ReportActionForm detail={data} onDone={() => setDone(true)} />
              ) : (
                <p className="mb-0">
                  {t('report.alreadyHandled', {
                    outcome: data.report.outcome ? t(`outcome.${data.report.outcome}`) : '',
                  })}
                </p>
              )}
            </section>
            <section className="card card-body mb-3" aria-labelledby="report-sanctions">
              <h2 className="h5" id="report-sanctions">
                {t('report.sanctions')}
              </h2>
              <SanctionList sanctions={data.sanctions} canRevoke={staff.role === 'admin'} />
            </section>
            <section className="card card-body mb-3" aria-labelledby="report-notes">
              <h2 className="h5" id="report-notes">
                {t('report.notes')}
              </h2>
              {data.notes.length === 0 ? (
                <p className="text-body-secondary mb-0">{t('report.noNotes')}</p>
              ) : (
                <ul className="list-unstyled mb-0">
                  {data.notes.map((n) => (
                    <li key={n.id} className="mb-2">
                      <span className="small text-body-secondary">
                        {n.staff_name} · {formatDateTime(n.created_at)}
                      </span>
                      <p className="mb-0">{n.text}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <section className="col-12" aria-labelledby="report-others">
            <h2 className="h5" id="report-others">
              {t('report.otherReports')}
            </h2>
            {data.other_reports.length === 0 ? (
              <p className="text-body-secondary">{t('report.noOtherReports')}</p>
            ) : (
              <ReportTable reports={data.other_reports} caption={t('report.otherReports')} />
            )}
          </section>
        </div>
      )}
    </>
  );
}
