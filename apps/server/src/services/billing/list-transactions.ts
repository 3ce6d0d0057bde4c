import type { LedgerRow } from '../../db/repositories/credit-ledger.js';
import {
  listLedgerNewestFirst,
  listPaymentsNewestFirst,
  type MemberPaymentRow,
} from '../../db/repositories/transactions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

/** The payment id of a ledger reference `payment:<id>`, else null. */
export function paymentIdOf(reference: string | null): number | null {
  const match = reference ? /^payment:(\d+)$/.exec(reference) : null;
  return match ? Number(match[1]) : null;
}

/** One credit-ledger row (delta and balance in credits) and the member's payment it names, if any. */
export interface LedgerLine {
  row: LedgerRow;
  payment: MemberPaymentRow | null;
}

/** The member's transactions before presenting (`presentTransactions`): ledger lines and payments, newest first. */
export interface MemberTransactions {
  lines: LedgerLine[];
  payments: MemberPaymentRow[];
}

/**
 * The member's transactions (SPEC.md 2 /transactions): every credit-ledger row newest first
 * (purchase, message, photo, gift, signup_credits, refund, ...), a row whose reference is
 * `payment:<id>` carrying that payment's id, amount (cents) and currency; plus every payment of the
 * member in any state, newest first. Only the member's own payments are ever linked. Input: `{ user }`.
 * Returns MemberTransactions (rows; the route presents them with `presentTransactions`).
 */
export async function listTransactions(
  deps: Pick<AppDeps, 'db'>,
  input: { user: UserRow },
): Promise<MemberTransactions> {
  const { db } = deps;
  const { user } = input;
  const [ledger, payments] = await Promise.all([
    listLedgerNewestFirst(db, user.id),
    listPaymentsNewestFirst(db, user.id),
  ]);
  const byId = new Map(payments.map((p) => [p.id, p]));
  const lines = ledger.map((row) => ({ row, payment: byId.get(paymentIdOf(row.reference) ?? -1) ?? null }));
  return { lines, payments };
}
