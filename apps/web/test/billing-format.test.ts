// @vitest-environment node
import type { Invoice, Payment } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors, needsGeneralAlert } from '../src/features/billing/field-errors';
import {
  formatMoney,
  formatPercentage,
  invoiceLines,
  paymentStateColour,
  paymentStateLabel,
} from '../src/features/billing/format';
import { triesLeft } from '../src/features/billing/otp-step';
import { ApiError } from '../src/lib/api';

/** Intl separates currency and amount with a no-break space; compare with plain spaces. */
const plain = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

const payment: Payment = {
  payment_id: 7,
  credits: 150,
  status: 'paid',
  package: 2,
  method: 'ideal',
  amount_cents: 1496,
  original_cents: 1995,
  currency: 'EUR',
  discount_percentage: 25,
  created_at: '2026-01-10T10:00:00Z',
  paid_at: '2026-01-10T10:01:00Z',
};

describe('formatMoney', () => {
  it('formats cents in the member locale', () => {
    expect(plain(formatMoney(995, 'EUR', 'nl'))).toBe('€ 9,95');
    expect(plain(formatMoney(995, 'EUR', 'en'))).toBe('€9.95');
    expect(plain(formatMoney(995, 'EUR', 'de'))).toBe('9,95 €');
    expect(plain(formatMoney(899500, 'EUR', 'fr'))).toBe('8 995,00 €');
  });

  it('keeps negative amounts negative', () => {
    expect(plain(formatMoney(-499, 'EUR', 'nl'))).toBe('€ -4,99');
  });
});

describe('formatPercentage', () => {
  it('formats percent values', () => {
    expect(formatPercentage(21, 'nl')).toBe('21%');
    expect(plain(formatPercentage(9.5, 'de'))).toBe('9,5 %');
  });
});

describe('invoiceLines', () => {
  it('lists package, discount, net, VAT and total; net plus VAT is the total', () => {
    const invoice = { payment, net_cents: 1236, vat_cents: 260, refunded_cents: 0 };
    expect(invoiceLines(invoice)).toEqual([
      { key: 'line', cents: 1995 },
      { key: 'discount', cents: -499 },
      { key: 'net', cents: 1236 },
      { key: 'vat', cents: 260 },
      { key: 'total', cents: 1496 },
    ]);
  });

  it('leaves out the discount without one and adds a refund line when refunded', () => {
    const full: Pick<Invoice, 'payment' | 'net_cents' | 'vat_cents' | 'refunded_cents'> = {
      payment: { ...payment, amount_cents: 1995, discount_percentage: null },
      net_cents: 1649,
      vat_cents: 346,
      refunded_cents: 1995,
    };
    expect(invoiceLines(full).map((l) => l.key)).toEqual(['line', 'net', 'vat', 'total', 'refunded']);
    expect(invoiceLines(full).at(-1)).toEqual({ key: 'refunded', cents: -1995 });
  });
});

describe('payment states', () => {
  it('reads open and pending as being processed, expired as cancelled', () => {
    expect(paymentStateLabel('open')).toBe('processing');
    expect(paymentStateLabel('pending')).toBe('processing');
    expect(paymentStateLabel('paid')).toBe('paid');
    expect(paymentStateLabel('failed')).toBe('failed');
    expect(paymentStateLabel('canceled')).toBe('canceled');
    expect(paymentStateLabel('expired')).toBe('canceled');
    expect(paymentStateColour('paid')).toBe('success');
    expect(paymentStateColour('failed')).toBe('danger');
  });
});

describe('fieldErrors', () => {
  const generic = (field: string) => `check ${field}`;

  it('puts iban_invalid and otp_invalid under their field with the server message', () => {
    expect(fieldErrors(new ApiError(400, 'iban_invalid', 'Dit IBAN is ongeldig.'), generic)).toEqual({
      iban: 'Dit IBAN is ongeldig.',
    });
    expect(fieldErrors(new ApiError(400, 'otp_invalid', 'Code ongeldig'), generic)).toEqual({ otp: 'Code ongeldig' });
  });

  it('maps validation issues and data.field to fields with the catalogue text', () => {
    const issues = new ApiError(400, 'validation_failed', 'x', { issues: [{ path: '/text', message: 'Too small' }] });
    expect(fieldErrors(issues, generic)).toEqual({ text: 'check text' });
    const field = new ApiError(400, 'validation_failed', 'x', { field: 'payment_id' });
    expect(fieldErrors(field, generic)).toEqual({ payment_id: 'check payment_id' });
  });

  it('names no field for other errors, which need a general alert', () => {
    const blocked = new ApiError(403, 'direct_debit_blocked', 'Geblokkeerd');
    expect(fieldErrors(blocked, generic)).toEqual({});
    expect(needsGeneralAlert(blocked, {}, ['iban'])).toBe(true);
    expect(needsGeneralAlert(new ApiError(400, 'iban_invalid', 'x'), { iban: 'x' }, ['iban'])).toBe(false);
    expect(needsGeneralAlert(null, {}, ['iban'])).toBe(false);
  });
});

describe('triesLeft', () => {
  it('reads data.tries_left of otp_invalid only', () => {
    expect(triesLeft(new ApiError(400, 'otp_invalid', 'Code ongeldig', { tries_left: 2 }))).toBe(2);
    expect(triesLeft(new ApiError(400, 'otp_invalid', 'Code ongeldig'))).toBeNull();
    expect(triesLeft(new ApiError(410, 'otp_expired', 'Verlopen', { tries_left: 0 }))).toBeNull();
  });
});
