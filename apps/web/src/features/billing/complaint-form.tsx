import { COMPLAINT_TEXT, COMPLAINT_TOPICS } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { SelectField } from '../../components/select-field';
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
      {needsGeneralAlert(file.error, remote, FIELDS) && <ErrorAlert>{errorText(file.error, t)}</ErrorAlert>}
      <SelectField
        className="mb-3"
        label={t('complaints.topic')}
        value={topic}
        required
        emptyLabel={t('complaints.chooseTopic')}
        options={COMPLAINT_TOPICS.map((value) => ({ value, label: t(`complaints.topics.${value}`) }))}
        onChange={(value) => setTopic(value as ComplaintTopic)}
        error={problem('topic')}
      />
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
        <SelectField
          className="mb-3"
          label={t('complaints.payment')}
          value={paymentId}
          emptyLabel={t('complaints.noPayment')}
          options={payments.map((p) => ({
            value: p.payment_id,
            label: t('complaints.paymentOption', {
              count: p.credits,
              amount: formatMoney(p.amount_cents, p.currency, i18n.language),
              date: formatDate(p.created_at, i18n.language, { dateStyle: 'medium' }),
            }),
          }))}
          onChange={setPaymentId}
          error={problem('payment_id')}
        />
      )}
      <button type="submit" className="btn btn-primary" disabled={file.isPending}>
        {t('complaints.submit')}
      </button>
    </form>
  );
}
