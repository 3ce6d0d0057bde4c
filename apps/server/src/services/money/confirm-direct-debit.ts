import { DIRECT_DEBIT_OTP } from '@app/contracts';
import { findActivePackage } from '../../db/repositories/credit-packages.js';
import {
  confirmMandate,
  findOwnMandate,
  recordWrongCode,
  setMandatePayment,
} from '../../db/repositories/direct-debit.js';
import type { PaymentRow } from '../../db/repositories/payments.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { AppError, notFound } from '../../errors.js';
import { assertWithinLimit, codeMatches } from './direct-debit-rules.js';
import type { DirectDebitDeps } from './start-direct-debit.js';
import { startPayment } from './start-payment.js';

const otpExpired = () => new AppError('otp_expired', 410);

/**
 * Confirms the member's pending mandate with the SMS code (SPEC.md 2 /directdebit, 5 "Code
 * ongeldig", 8): a wrong code uses one of DIRECT_DEBIT_OTP.tries (one conditional UPDATE; the last
 * one fails the mandate); the right code confirms it and starts the package's payment by SEPA
 * direct debit (method sdd, flow direct_debit) through startPayment, whose id the mandate keeps.
 * @throws AppError not_found (404, not the member's mandate or package gone), otp_expired (410:
 *   expired, tries used up, or no longer pending), otp_invalid (400, data {tries_left}),
 *   direct_debit_limit (403), and startPayment's errors (payment_method_unavailable, ...)
 * Input: `{ site, user, mandate, otp }` (the mandate id and the code from the SMS); limits in cents.
 * Returns `{ payment }`: the started payments row (amounts in cents); the route presents it with
 * `presentPayment`.
 */
export async function confirmDirectDebit(
  deps: DirectDebitDeps,
  input: { site: SiteRow; user: UserRow; mandate: number; otp: string },
): Promise<{ payment: PaymentRow }> {
  const { db, clock } = deps;
  const { site, user } = input;
  const now = clock.now();
  const { tries } = DIRECT_DEBIT_OTP;
  const mandate = await findOwnMandate(db, user.id, input.mandate);
  if (!mandate) throw notFound();
  const isOpen =
    mandate.status === 'pending' &&
    mandate.otp_attempts < tries &&
    !!mandate.otp_expires_at &&
    mandate.otp_expires_at > now;
  if (!isOpen) throw otpExpired();

  if (!codeMatches(mandate.otp_hash, input.otp)) {
    const attempts = await recordWrongCode(db, mandate.id, now, tries);
    if (attempts === null) throw otpExpired();
    throw new AppError('otp_invalid', 400, { tries_left: Math.max(0, tries - attempts) });
  }

  const pkg = await findActivePackage(db, site.id, mandate.package_id);
  if (!pkg) throw notFound();
  // Another mandate may have been paid since this one started.
  await assertWithinLimit(db, user.id, pkg.price_cents, now);
  if (!(await confirmMandate(db, mandate.id, now, tries))) throw otpExpired();
  const { payment } = await startPayment(deps, {
    site,
    user,
    packageId: pkg.id,
    method: 'sdd',
    flow: 'direct_debit',
    directDebit: { accountHolder: mandate.account_holder, iban: mandate.iban },
  });
  await setMandatePayment(db, mandate.id, payment.id);
  return { payment };
}
