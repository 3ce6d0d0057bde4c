import type { TransactionEntry, TransactionList } from '@app/contracts';
import type { LedgerRow } from '../../db/repositories/credit-ledger.js';
import {
  listLedgerNewestFirst,
  listPaymentsNewestFirst,
  type MemberPaymentRow,
} from '../../db/repositories/transactions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { presentPayment } from '../../presenters/payment.js';

/** The payment id of a ledger reference `payment:<id>`, else null. */
export function paymentIdOf(reference: string | null): number | null {
  const match = reference ? /^payment:(\d+)$/.exec(reference) : null;
  return match ? Number(match[1]) : null;
}

/** One ledger row as a /transactions line, linked to its payment when the reference names one. */
function presentEntry(row: LedgerRow, paymentsById: Map<number, MemberPaymentRow>): TransactionEntry {
  const payment = paymentsById.get(paymentIdOf(row.reference) ?? -1);
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
 * The member's transactions (SPEC.md 2 /transactions): every credit-ledger row newest first
 * (purchase, message, photo, gift, signup_credits, refund, ...), a row whose reference is
 * `payment:<id>` carrying that payment's id, amount (cents) and currency; plus every payment of the
 * member in any state, newest first. Only the member's own payments are ever linked. Input: `{ user }`.
 */
export async function listTransactions(deps: Pick<AppDeps, 'db'>, input: { user: UserRow }): Promise<TransactionList> {
  const { db } = deps;
  const { user } = input;
  const [ledger, payments] = await Promise.all([
    listLedgerNewestFirst(db, user.id),
    listPaymentsNewestFirst(db, user.id),
  ]);
  const byId = new Map(payments.map((p) => [p.id, p]));
  return { entries: ledger.map((row) => presentEntry(row, byId)), payments: payments.map(presentPayment) };
}
