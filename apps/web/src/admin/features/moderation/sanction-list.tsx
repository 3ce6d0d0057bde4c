import type { Sanction } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { formatDateTime } from '../../lib/format';
import { useRevokeSanction } from './api';

/**
 * A member's measures, newest first: kind, reason, when, until when, by whom, in force or revoked;
 * with `canRevoke` (admins) a revoke button on each one in force.
 */
export function SanctionList({ sanctions, canRevoke }: { sanctions: Sanction[]; canRevoke: boolean }) {
  const { t } = useTranslation('admin-moderation');
  const revoke = useRevokeSanction();
  if (sanctions.length === 0) return <p className="text-body-secondary">{t('report.noSanctions')}</p>;
  return (
    <>
      <AdminError error={revoke.error} />
      <ul className="list-group mb-0" data-testid="sanctions">
        {sanctions.map((s) => (
          <li key={s.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <span className="fw-semibold">{t(`sanctionKind.${s.kind}`)}</span>
            <span>{t(`reasons.${s.reason}`)}</span>
            <span className="small text-body-secondary">{formatDateTime(s.created_at)}</span>
            {s.until && <span className="small">{t('report.until', { date: formatDateTime(s.until) })}</span>}
            {s.staff_email && (
              <span className="small text-body-secondary">{t('report.by', { email: s.staff_email })}</span>
            )}
            <span className={`badge ${s.revoked_at ? 'text-bg-secondary' : 'text-bg-warning'}`}>
              {s.revoked_at ? t('report.revokedOn', { date: formatDateTime(s.revoked_at) }) : t('report.inForce')}
            </span>
            {s.note && <span className="w-100 small">{s.note}</span>}
            {canRevoke && !s.revoked_at && (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger ms-auto"
                disabled={revoke.isPending}
                aria-label={t('report.revokeLabel', {
                  kind: t(`sanctionKind.${s.kind}`),
                  date: formatDateTime(s.created_at),
                })}
                onClick={() => window.confirm(t('report.confirmRevoke')) && revoke.mutate(s.id)}
              >
                {t('report.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
