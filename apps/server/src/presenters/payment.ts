import type { Payment, PaymentMethod, PaymentStatus } from '@app/contracts';
import type { PaymentRow } from '../db/repositories/payments.js';

/** A payments row as the wire shape PaymentSchema (SPEC.md 3 Payment: payment_id, credits, ...). */
export function presentPayment(row: PaymentRow): Payment {
  return {
    payment_id: row.id,
    credits: row.credits,
    status: row.status as PaymentStatus,
    package: row.package_id,
    method: row.method as PaymentMethod,
    amount_cents: row.amount_cents,
    original_cents: row.original_cents,
    currency: row.currency,
    discount_percentage: row.discount_percentage,
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
  };
}
