// @vitest-environment node
import { discountedCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  discountPercentage,
  formatMoney,
  isCardMethod,
  payPath,
  perCreditCents,
} from '../src/features/credits/pricing';
import { paymentPhase } from '../src/features/credits/use-payment-status';
import { timeBonusDiscount } from './money-fixtures';

const pkg = { id: 2, credits: 150, price_cents: 1995, currency: 'EUR' };
const discount = timeBonusDiscount;

describe('prices with a discount (SPEC.md 2 /credits)', () => {
  it('takes the percentage off, rounded to the cent like the server', () => {
    expect(discountedCents(1995, 25)).toBe(1496);
    expect(discountedCents(995, null)).toBe(995);
    expect(discountedCents(1, 100)).toBe(1);
  });
  it('applies the active discount where its rules allow', () => {
    expect(discountPercentage(pkg, discount())).toBe(25);
    expect(discountPercentage(pkg, null)).toBeNull();
    expect(discountPercentage(pkg, discount({ minimum_order_value: 4495 }))).toBeNull();
    expect(discountPercentage(pkg, discount({ currency: 'GBP' }))).toBeNull();
    expect(discountPercentage(pkg, discount({ expired: true }))).toBeNull();
    expect(discountPercentage(pkg, discount({ status: 'inactive' }))).toBeNull();
    expect(discountPercentage(pkg, discount({ paymentmethods: ['ideal'] }), 'paypal')).toBeNull();
    expect(discountPercentage(pkg, discount({ paymentmethods: ['ideal'] }), 'ideal')).toBe(25);
    expect(discountPercentage(pkg, discount({ paymentmethods: ['ideal'] }))).toBe(25);
  });
  it('shows amounts in the member language', () => {
    expect(formatMoney(1995, 'EUR', 'nl').replace(/\s/g, ' ')).toBe('€ 19,95');
    expect(formatMoney(1995, 'EUR', 'en')).toBe('€19.95');
    expect(perCreditCents(pkg, 25)).toBeCloseTo(1496 / 150);
  });
});

describe('where paying goes', () => {
  it('sends direct debit (sdd) to /directdebit and every other method to /credits/{id}/{method}', () => {
    expect(payPath(2, 'sdd')).toBe('/directdebit?package=2');
    expect(payPath(2, 'ideal')).toBe('/credits/2/ideal');
    expect(payPath(2, 'visa', 'FLIRT10')).toBe('/credits/2/visa?code=FLIRT10');
  });
  it('knows the card methods (a failure offers retry or PayPal, SPEC.md 8)', () => {
    expect(['creditcard', 'visa', 'mastercard', 'maestro'].every(isCardMethod)).toBe(true);
    expect(isCardMethod('ideal')).toBe(false);
    expect(isCardMethod('paypal')).toBe(false);
  });
});

describe('payment result states (SPEC.md 4)', () => {
  const payment = (status: 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired') =>
    ({ payment_id: 1, status }) as Parameters<typeof paymentPhase>[0];
  it('maps provider states to the page', () => {
    expect(paymentPhase(undefined, false, false)).toBe('loading');
    expect(paymentPhase(undefined, true, false)).toBe('error');
    expect(paymentPhase(payment('open'), false, false)).toBe('pending');
    expect(paymentPhase(payment('pending'), false, true)).toBe('slow');
    expect(paymentPhase(payment('paid'), false, true)).toBe('completed');
    expect(paymentPhase(payment('failed'), false, false)).toBe('failed');
    expect(paymentPhase(payment('canceled'), false, false)).toBe('failed');
    expect(paymentPhase(payment('expired'), false, false)).toBe('failed');
  });
});
