import { DIRECT_DEBIT_OTP, type DirectDebitBody } from '@app/contracts';
import { findActivePackage } from '../../db/repositories/credit-packages.js';
import { countMandatesSince, insertMandate, isDirectDebitBlocked } from '../../db/repositories/direct-debit.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { maskPhone, normalisePhone } from '../../sms/phone.js';
import { renderSms } from '../../sms/sms.js';
import { assertWithinLimit, DIRECT_DEBIT_CODES_PER_DAY, hashCode, newCode, validIban } from './direct-debit-rules.js';
import type { PaymentDeps } from './payment-deps.js';

/** What the direct-debit services need: the payment deps plus the SMS sender. */
export type DirectDebitDeps = PaymentDeps & Pick<AppDeps, 'sms'>;

/** Answer of POST /api/directdebit.php (DirectDebitStartedSchema). */
export interface DirectDebitStarted {
  mandate: number;
  phone_hint: string;
  expires: string;
}

/**
 * Starts a direct-debit mandate (SPEC.md 2 /directdebit, 3 Direct debit, 8): checks the package of
 * the site, the IBAN (checksum, SEPA), the phone, the block list and the 30-day limit, stores the
 * mandate as pending with a hashed 6-digit code valid DIRECT_DEBIT_OTP.minutes and sends the code by
 * SMS in the member's language. Answers the mandate id, the masked phone and the code's expiry.
 * @throws AppError not_found (404, package), iban_invalid (400), validation_failed (400, data
 *   {issues:['phone']}), direct_debit_blocked (403), direct_debit_limit (403), rate_limited (429)
 *   after DIRECT_DEBIT_CODES_PER_DAY codes in 24 hours
 * Input: `{ site, user, body }` (body: package, account holder, IBAN, address, phone); limits in cents.
 */
export async function startDirectDebit(
  deps: DirectDebitDeps,
  input: { site: SiteRow; user: UserRow; body: DirectDebitBody },
): Promise<DirectDebitStarted> {
  const { db, clock, sms } = deps;
  const { site, user, body } = input;
  const now = clock.now();
  const pkg = await findActivePackage(db, site.id, body.package);
  if (!pkg) throw notFound();
  const iban = validIban(body.iban);
  const phone = normalisePhone(body.phone);
  if (!phone) throw validationFailed({ issues: ['phone'] });
  if (await isDirectDebitBlocked(db, user.id, iban)) throw new AppError('direct_debit_blocked', 403);
  await assertWithinLimit(db, user.id, pkg.price_cents, now);
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  if ((await countMandatesSince(db, user.id, dayAgo)) >= DIRECT_DEBIT_CODES_PER_DAY) {
    throw new AppError('rate_limited', 429);
  }

  const code = newCode();
  const expires = new Date(now.getTime() + DIRECT_DEBIT_OTP.minutes * 60 * 1000);
  const mandate = await insertMandate(db, {
    user_id: user.id,
    package_id: pkg.id,
    account_holder: body.account_holder,
    iban,
    street: body.street,
    house_number: body.house_number,
    zip: body.zip,
    city: body.city,
    phone,
    status: 'pending',
    otp_hash: hashCode(code),
    otp_expires_at: expires,
    created_at: now,
  });
  const text = renderSms('direct_debit_code', user.language, {
    code,
    site: site.name,
    minutes: DIRECT_DEBIT_OTP.minutes,
  });
  await sms.send({ siteId: site.id, kind: 'direct_debit_code', from: sms.fromFor(site), to: phone, text });
  return { mandate: mandate.id, phone_hint: maskPhone(phone), expires: expires.toISOString() };
}
