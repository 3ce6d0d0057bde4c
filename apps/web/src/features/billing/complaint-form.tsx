import { COMPLAINT_TEXT, COMPLAINT_TOPICS } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n';
import { errorText } from '../account/api-error-alert';
import { billingKeys, type ComplaintTopic, fileComplaint, transactionsQuery } from './api';
import { fieldErrors, needsGeneralAlert } from './field-errors';
import { formatMoney } from './format';

const FIELDS = ['topic', 'text', 'payment_id'] as const;

/** Client-side check of the form (the server checks the same with ComplaintBodySchema). */
export function complaintProblems(topic: string, text: string): Partial<Record<'topic' | 'text', string>> {
  const length = text.trim().length;
  const problems: Partial<Record<'topic' | 'text', string>> = {};
  if (!(COMPLAINT_TOPICS as readonly string[]).includes(topic)) problems.topic = 'complaints.errors.topic';
  if (length < COMPLAINT_TEXT.min || length > COMPLAINT_TEXT.max) problems.text = 'complaints.errors.text';
  return problems;
}

/**
 * The complaint form (SPEC.md 2 /complaints): topic, text with a counter, optionally one of the
 * member's payments; POST /api/complaints.php, then `onFiled(number)`.
 */
export function ComplaintForm({ onFiled }: { onFiled: (id: number) => void }) {
  const { t, i18n } = useTranslation('billing');
  const client = useQueryClient();
  const payments = useQuery(transactionsQuery).data?.payments ?? [];
  const [topic, setTopic] = useState<ComplaintTopic | ''>('');
  const [text, setText] = useState('');
  const [paymentId, setPaymentId] = useState('');
  const [isChecked, setChecked] = useState(false);
  const file = useMutation({
    mutationFn: fileComplaint,
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: billingKeys.complaints });
      onFiled(result.id);
    },
  });
  const local = isChecked ? complaintProblems(topic, text) : {};
  const remote = fieldErrors(file.error, (field) =>
    t(`complaints.errors.${field}`, { ...COMPLAINT_TEXT, defaultValue: t('form.invalid') }),
  );
  const problem = (field: 'topic' | 'text' | 'payment_id') =>
    field !== 'payment_id' && local[field] ? t(local[field], { ...COMPLAINT_TEXT }) : remote[field];
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!topic || Object.keys(complaintProblems(topic, text)).length > 0) return;
    file.mutate({ topic, text: text.trim(), ...(paymentId ? { payment_id: Number(paymentId) } : {}) });
  };
  const invalid = (field: 'topic' | 'text' | 'payment_id') => (problem(field) ? ' is-invalid' : '');
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="complaint-form">
      {needsGeneralAlert(file.error, remote, FIELDS) && (
        <div className="alert alert-danger" role="alert">
          {errorText(file.error, t)}
        </div>
      )}
      <div className="mb-3">
        <label htmlFor="complaint-topic" className="form-label">
          {t('complaints.topic')}
        </label>
        <select
          id="complaint-topic"
          className={`form-select${invalid('topic')}`}
          value={topic}
          required
          onChange={(e) => setTopic(e.target.value as ComplaintTopic)}
        >
          <option value="">{t('complaints.chooseTopic')}</option>
          {COMPLAINT_TOPICS.map((value) => (
            <option key={value} value={value}>
              {t(`complaints.topics.${value}`)}
            </option>
          ))}
        </select>
        <div className="invalid-feedback">{problem('topic')}</div>
      </div>
      <div className="mb-3">
        <label htmlFor="complaint-text" className="form-label">
          {t('complaints.text')}
        </label>
        <textarea
          id="complaint-text"
          className={`form-control${invalid('text')}`}
          rows={6}
          maxLength={COMPLAINT_TEXT.max}
          required
          aria-describedby="complaint-text-counter"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="invalid-feedback">{problem('text')}</div>
        <div id="complaint-text-counter" className="form-text text-end" aria-live="polite">
          {t('complaints.counter', { count: text.trim().length, max: COMPLAINT_TEXT.max, min: COMPLAINT_TEXT.min })}
        </div>
      </div>
      {payments.length > 0 && (
        <div className="mb-3">
          <label htmlFor="complaint-payment" className="form-label">
            {t('complaints.payment')}
          </label>
          <select
            id="complaint-payment"
            className={`form-select${invalid('payment_id')}`}
            value={paymentId}
            onChange={(e) => setPaymentId(e.target.value)}
          >
            <option value="">{t('complaints.noPayment')}</option>
            {payments.map((p) => (
              <option key={p.payment_id} value={p.payment_id}>
                {t('complaints.paymentOption', {
                  count: p.credits,
                  amount: formatMoney(p.amount_cents, p.currency, i18n.language),
                  date: formatDate(p.created_at, i18n.language, { dateStyle: 'medium' }),
                })}
              </option>
            ))}
          </select>
          <div className="invalid-feedback">{problem('payment_id')}</div>
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={file.isPending}>
        {t('complaints.submit')}
      </button>
    </form>
  );
}
