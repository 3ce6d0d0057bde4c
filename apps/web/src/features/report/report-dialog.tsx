import { REPORT_REASONS, type ReportReason } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { Modal } from '../../components/modal';
import { showToast } from '../../lib/toast-store';
import { errorText } from '../account/api-error-alert';
import { useReportMutation } from './api';

interface ReportDialogProps {
  profile: { id: number; name: string };
  /** The message being reported (a received chat message), attached as evidence. */
  messageId?: number | undefined;
  /** Whether the block option is offered (not when the profile is blocked already). */
  canBlock?: boolean;
  onClose: () => void;
  /** Called after a report that also blocked the profile. */
  onBlocked?: () => void;
}

/**
 * The report dialog (DECISIONS.md: report a profile or message): a reason from REPORT_REASONS,
 * optional text and "also block"; on success the thank-you toast. (A message's safety note reports in
 * one tap without it: conversation.tsx.)
 */
export function ReportDialog({ profile, messageId, canBlock = true, onClose, onBlocked }: ReportDialogProps) {
  const { t } = useTranslation('discovery');
  const id = useId();
  const report = useReportMutation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [block, setBlock] = useState(false);
  const [missingReason, setMissingReason] = useState(false);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setMissingReason(true);
    report.mutate(
      {
        profile_id: profile.id,
        reason,
        ...(messageId ? { message_ids: [messageId] } : {}),
        ...(text.trim() ? { text: text.trim() } : {}),
        ...(block ? { block: true } : {}),
      },
      {
        onSuccess: (result) => {
          showToast(t('report.thanks'), 'success');
          onClose();
          if (result.blocked) onBlocked?.();
        },
      },
    );
  };

  return (
    <Modal
      title={messageId ? t('report.messageAction') : t('report.title', { name: profile.name })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-link" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <button
            type="submit"
            form={id}
            className="btn btn-danger"
            disabled={report.isPending}
            data-testid="report-submit"
          >
            {report.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('report.submit')}
          </button>
        </>
      }
    >
      <form id={id} onSubmit={handleSubmit} noValidate data-testid="report-form">
        {report.error && <ErrorAlert className="py-2">{errorText(report.error, t)}</ErrorAlert>}
        {messageId && <p className="small text-body-secondary">{t('report.messageIncluded')}</p>}
        <fieldset className="mb-3" aria-describedby={missingReason && !reason ? `${id}-reason-error` : undefined}>
          <legend className="form-label fs-6 fw-semibold">{t('report.reasonLegend')}</legend>
          {REPORT_REASONS.map((code) => (
            <div className="form-check" key={code}>
              <input
                id={`${id}-${code}`}
                className="form-check-input"
                type="radio"
                name={`${id}-reason`}
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
              />
              <label className="form-check-label" htmlFor={`${id}-${code}`}>
                {t(`common:reportReasons.${code}`)}
              </label>
            </div>
          ))}
          {missingReason && !reason && (
            <div id={`${id}-reason-error`} className="text-danger small mt-1" role="alert">
              {t('report.chooseReason')}
            </div>
          )}
        </fieldset>
        <div className="mb-3">
          <label htmlFor={`${id}-text`} className="form-label">
            {t('report.text')}
          </label>
          <textarea
            id={`${id}-text`}
            className="form-control"
            rows={3}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        {canBlock && (
          <div className="form-check mb-2">
            <input
              id={`${id}-block`}
              className="form-check-input"
              type="checkbox"
              checked={block}
              onChange={(e) => setBlock(e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-block`}>
              {t('report.block', { name: profile.name })}
            </label>
          </div>
        )}
        <p className="small text-body-secondary mb-0">{t('report.privacy', { name: profile.name })}</p>
      </form>
    </Modal>
  );
}
