import type { Invoice, TransactionEntry, TransactionList } from '@app/contracts';
import type { LedgerLine, MemberTransactions } from '../services/billing/list-transactions.js';
import type { InvoiceView } from '../services/billing/view-invoice.js';
import { presentPayment } from './payment.js';

/** One ledger line as a /transactions entry (credits and balance_after in credits, amount_cents in cents). */
function presentEntry({ row, payment }: LedgerLine): TransactionEntry {
  return {
    id: row.id,
    date: row.created_at.toISOString(),
    reason: row.reason,
    credits: row.delta,
    balance_after: row.balance_after,
    payment_id: payment?.id ?? null,
    amount_cents: payment?.amount_cents ?? null,
    currency: payment?.currency ?? null,
  };
}

/**
 * GET /api/transactions.php (SPEC.md 2 /transactions) as TransactionList: `entries` the ledger
 * lines newest first, each linked to its payment (id, amount in cents, currency) or nulls;
 * `payments` every payment of the member as Payment.
 */
export function presentTransactions(transactions: MemberTransactions): TransactionList {
  return { entries: transactions.lines.map(presentEntry), payments: transactions.payments.map(presentPayment) };
}

/**
 * GET /api/invoice.php (SPEC.md 2 /transactions/{id}) as Invoice: number, date paid (ISO), the
 * payment, vat_percentage, net_cents and vat_cents of the amount paid, refunded_cents, the company,
 * the site's name and the customer's email and profile name.
 */
export function presentInvoice(invoice: InvoiceView): Invoice {
  const { payment, company } = invoice;
  return {
    number: invoice.number,
    date: invoice.paidAt.toISOString(),
    payment: presentPayment(payment),
    vat_percentage: invoice.vatPercentage,
    ...invoice.vat,
    refunded_cents: payment.refunded_cents,
    company: {
      name: company.name,
      address: company.address,
      city: company.city,
      country: company.country,
      kvk: company.kvk,
      vat_numbers: company.vat_numbers,
    },
    site: invoice.siteName,
    customer: invoice.customer,
  };
}
