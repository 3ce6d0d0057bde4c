import type { ComplaintStatus, PaymentStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';

const COMPLAINT_TONES: Record<ComplaintStatus, string> = {
  new: 'text-bg-warning',
  in_progress: 'text-bg-info',
  answered: 'text-bg-success',
};

const PAYMENT_TONES: Record<PaymentStatus, string> = {
  open: 'text-bg-warning',
  pending: 'text-bg-warning',
  paid: 'text-bg-success',
  failed: 'text-bg-danger',
  canceled: 'text-bg-secondary',
  expired: 'text-bg-secondary',
};

/** A complaint's state as a badge: the word says it, the colour only repeats it (WCAG 1.4.1). */
export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation('admin-billing');
  return (
    <span className={`badge ${COMPLAINT_TONES[status]}`} data-testid="complaint-status">
      {t(`complaintStatus.${status}`)}
    </span>
  );
}

/** A payment's state as a badge, with "refunded" or "partly refunded" beside a paid one. */
export function PaymentStatusBadge({
  status,
  refundedCents = 0,
  amountCents = 0,
}: {
  status: PaymentStatus;
  refundedCents?: number;
  amountCents?: number;
}) {
  const { t } = useTranslation('admin-billing');
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <span className={`badge ${PAYMENT_TONES[status]}`} data-testid="payment-status">
        {t(`paymentStatus.${status}`)}
      </span>
      {refundedCents > 0 && (
        <span className="badge text-bg-light border">
          {refundedCents >= amountCents ? t('refunds.full') : t('refunds.partial')}
        </span>
      )}
    </span>
  );
}

/** The name of a payment method (SPEC.md 9 codes), the code itself when unknown. */
export function useMethodName(): (method: string) => string {
  const { t, i18n } = useTranslation('admin-billing');
  return (method) => (i18n.exists(`admin-billing:methods.${method}`) ? t(`methods.${method}`) : method);
}
