import {
  adminModerationCalls,
  MAX_SUSPENSION_DAYS,
  REPORT_REASONS,
  type ReportReason,
  SANCTION_KINDS,
  type Sanction,
  type SanctionKind,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { call } from '../../../lib/api';
import { formatDateTime } from '../../lib/format';
import { codeLabel } from './labels';
import { memberErrorMessage } from './member-errors';
import { memberKeys } from './queries';
import { Section, TableBox } from './section';

/** Measures taken against the member, the form to take one (moderators, admins) and revoke buttons (admins). */
export function SanctionsSection({
  id,
  sanctions,
  canApply,
  canRevoke,
}: {
  id: number;
  sanctions: Sanction[];
  canApply: boolean;
  canRevoke: boolean;
}) {
  const { t } = useTranslation('admin-members');
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (sanctionId: number) => call(adminModerationCalls.revokeSanction, { body: { id: sanctionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) }),
  });
  return (
    <Section id="sanctions" title={t('sections.sanctions')}>
      {canApply && <MeasureForm id={id} />}
      {revoke.isError && <ErrorAlert>{memberErrorMessage(revoke.error)}</ErrorAlert>}
      {sanctions.length === 0 ? (
        <p className="mb-0">{t('sanctions.none')}</p>
      ) : (
        <TableBox label={t('sections.sanctions')}>
          <table className="table table-sm align-middle mb-0">
            <caption className="visually-hidden">{t('sections.sanctions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sanctions.date')}</th>
                <th scope="col">{t('sanctions.kind')}</th>
                <th scope="col">{t('sanctions.reason')}</th>
                <th scope="col">{t('sanctions.until')}</th>
                <th scope="col">{t('sanctions.note')}</th>
                <th scope="col">{t('sanctions.by')}</th>
                <th scope="col">{t('sanctions.state')}</th>
              </tr>
            </thead>
            <tbody>
              {sanctions.map((s) => (
                <tr key={s.id}>
                  <td className="text-nowrap">{formatDateTime(s.created_at)}</td>
                  <td>{codeLabel(t, 'sanctionKinds', s.kind)}</td>
                  <td>{codeLabel(t, 'reasons', s.reason)}</td>
                  <td>{s.until ? formatDateTime(s.until) : '—'}</td>
                  <td className="text-break">{s.note ?? '—'}</td>
                  <td className="text-break">{s.staff_email ?? '—'}</td>
                  <td>
                    {s.revoked_at ? (
                      t('sanctions.revokedAt', { date: formatDateTime(s.revoked_at) })
                    ) : canRevoke ? (
                      <button
                        type="button"
                        className="btn btn-outline-secondary btn-sm"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(s.id)}
                        aria-label={t('sanctions.revokeLabel', { kind: codeLabel(t, 'sanctionKinds', s.kind) })}
                      >
                        {t('sanctions.revoke')}
                      </button>
                    ) : (
                      t('sanctions.inForce')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </Section>
  );
}

/** Takes a measure: kind, reason, days for a suspension, a note for the member. */
function MeasureForm({ id }: { id: number }) {
  const { t } = useTranslation('admin-members');
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<SanctionKind>('warn');
  const [reason, setReason] = useState<ReportReason>('other');
  const [days, setDays] = useState('7');
  const [note, setNote] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      call(adminModerationCalls.applySanction, {
        body: {
          user_id: id,
          kind,
          reason,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(kind === 'suspend' ? { days: Number(days) } : {}),
        },
      }),
    onSuccess: () => {
      setNote('');
      return queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
    },
  });
  const daysValid = kind !== 'suspend' || (Number.isInteger(Number(days)) && Number(days) >= 1);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (daysValid) mutation.mutate();
  }

  return (
    <form className="border rounded p-2 mb-3" onSubmit={submit} aria-labelledby="measure-title">
      <h3 className="h6" id="measure-title">
        {t('sanctions.formTitle')}
      </h3>
      <div className="row g-2">
        <div className="col-sm-4">
          <label className="form-label small mb-1" htmlFor="measure-kind">
            {t('sanctions.kind')}
          </label>
          <select
            id="measure-kind"
            className="form-select form-select-sm"
            value={kind}
            onChange={(e) => setKind(e.target.value as SanctionKind)}
          >
            {SANCTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {codeLabel(t, 'sanctionKinds', k)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-5">
          <label className="form-label small mb-1" htmlFor="measure-reason">
            {t('sanctions.reason')}
          </label>
          <select
            id="measure-reason"
            className="form-select form-select-sm"
            value={reason}
            onChange={(e) => setReason(e.target.value as ReportReason)}
          >
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {codeLabel(t, 'reasons', r)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'suspend' && (
          <div className="col-sm-3">
            <label className="form-label small mb-1" htmlFor="measure-days">
              {t('sanctions.days')}
            </label>
            <input
              id="measure-days"
              className="form-control form-control-sm"
              type="number"
              min={1}
              max={MAX_SUSPENSION_DAYS}
              step={1}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
        )}
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor="measure-note">
            {t('sanctions.noteLabel')}
          </label>
          <textarea
            id="measure-note"
            className="form-control form-control-sm"
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-warning btn-sm mt-2" disabled={!daysValid || mutation.isPending}>
        {t('sanctions.apply')}
      </button>
      <div role="status" className="small">
        {mutation.isSuccess && t('sanctions.applied')}
      </div>
      {mutation.isError && <ErrorAlert className="mt-2 mb-0">{memberErrorMessage(mutation.error)}</ErrorAlert>}
    </form>
  );
}
