import { MAX_SUSPENSION_DAYS, REPORT_ACTIONS, type ReportAction, type ReportDetail } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { useHandleReport } from './api';

/**
 * The decision on an open report: dismiss, warn, hide, suspend for some days or ban the reported
 * member, with an optional note for the member's mail. A fictional profile's report can only be
 * dismissed. The reporter is told it was handled, never what was done.
 */
export function ReportActionForm({ detail, onDone }: { detail: ReportDetail; onDone: () => void }) {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const handle = useHandleReport();
  const isFictional = detail.report.reported.fictional || detail.report.reported.user_id === null;
  const actions: readonly ReportAction[] = isFictional ? ['dismiss'] : REPORT_ACTIONS;
  const [action, setAction] = useState<ReportAction>('dismiss');
  const [days, setDays] = useState(7);
  const [note, setNote] = useState('');

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    handle.mutate(
      {
        id: detail.report.id,
        action,
        ...(action === 'suspend' ? { days } : {}),
        ...(note.trim() && action !== 'dismiss' ? { note: note.trim() } : {}),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={handleSubmit} data-testid="report-action-form">
      <AdminError error={handle.error} />
      {isFictional && <p className="small">{t('report.fictionalOnly')}</p>}
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">{t('report.actionLegend')}</legend>
        {actions.map((a) => (
          <div className="form-check" key={a}>
            <input
              id={`${id}-${a}`}
              className="form-check-input"
              type="radio"
              name={`${id}-action`}
              value={a}
              checked={action === a}
              onChange={() => setAction(a)}
            />
            <label className="form-check-label" htmlFor={`${id}-${a}`}>
              {t(`report.action.${a}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {action === 'suspend' && (
        <div className="mb-3" style={{ maxWidth: 200 }}>
          <label className="form-label" htmlFor={`${id}-days`}>
            {t('report.days')}
          </label>
          <input
            id={`${id}-days`}
            className="form-control"
            type="number"
            min={1}
            max={MAX_SUSPENSION_DAYS}
            required
            value={days}
            onChange={(e) => setDays(Math.max(1, Math.min(MAX_SUSPENSION_DAYS, Number(e.target.value) || 1)))}
          />
        </div>
      )}
      {action !== 'dismiss' && (
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-note`}>
            {t('report.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className="form-control"
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={handle.isPending}>
        {t('report.submit')}
      </button>
    </form>
  );
}
