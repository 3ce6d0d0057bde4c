import { type AdminComplaint, COMPLAINT_ANSWER_MAX } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { billingKeys, updateComplaint } from './api';

/**
 * Handle a complaint (issue: back office I): "take up" moves a new complaint to in progress; the
 * answer form sets it answered and mails the answer to the member, in the mail frame of the member's
 * language (`memberLanguage`, shown so staff write in it too).
 */
export function AnswerForm({ complaint, memberLanguage }: { complaint: AdminComplaint; memberLanguage: string }) {
  const { t } = useTranslation('admin-billing');
  const id = useId();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState(complaint.answer ?? '');
  const [invalid, setInvalid] = useState(false);
  const update = useMutation({
    mutationFn: updateComplaint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const text = answer.trim();
    if (!text) return setInvalid(true);
    setInvalid(false);
    update.mutate({ id: complaint.id, answer: text });
  }

  const result = update.data;
  return (
    <>
      {complaint.status === 'new' && (
        <div className="mb-3">
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: complaint.id, status: 'in_progress' })}
          >
            {t('answer.takeUp')}
          </button>
        </div>
      )}
      {result && (
        <div className="alert alert-success" role="status" data-testid="answer-done">
          {result.mailed ? t('answer.mailed') : t('answer.saved')}
        </div>
      )}
      <AdminError error={update.error} />
      <form onSubmit={submit} noValidate data-testid="answer-form">
        <label className="form-label" htmlFor={`${id}-answer`}>
          {complaint.answer ? t('answer.changeLabel') : t('answer.label')}
        </label>
        <textarea
          id={`${id}-answer`}
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          rows={6}
          maxLength={COMPLAINT_ANSWER_MAX}
          value={answer}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setAnswer(e.target.value)}
        />
        <div id={`${id}-hint`} className={invalid ? 'invalid-feedback d-block' : 'form-text'}>
          {invalid
            ? t('answer.required')
            : t('answer.hint', { language: t(`languages.${memberLanguage}`, { defaultValue: memberLanguage }) })}{' '}
          {t('answer.counter', { length: answer.length, max: COMPLAINT_ANSWER_MAX })}
        </div>
        <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={update.isPending}>
          {t('answer.submit')}
        </button>
      </form>
    </>
  );
}
