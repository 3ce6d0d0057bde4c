import { findLastConfirmedMandate } from '../../db/repositories/direct-debit.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { maskPhone } from '../../sms/phone.js';
import { maskIban } from './direct-debit-rules.js';

/**
 * The account details of the member's last confirmed mandate, IBAN and phone masked, to prefill the
 * form (SPEC.md 2 /directdebit). Input: `{ user }`.
 */
export async function prefillDirectDebit(deps: Pick<AppDeps, 'db'>, input: { user: UserRow }) {
  const last = await findLastConfirmedMandate(deps.db, input.user.id);
  if (!last) return { mandate: null };
  return {
    mandate: {
      account_holder: last.account_holder,
      iban_hint: maskIban(last.iban),
      street: last.street,
      house_number: last.house_number,
      zip: last.zip,
      city: last.city,
      phone_hint: maskPhone(last.phone),
    },
  };
}
