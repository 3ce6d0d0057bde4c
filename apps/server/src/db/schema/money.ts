/** The credit ledger, packages, discount codes, payments, refunds and direct debit. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { createdAt } from './columns.js';
import { sites } from './sites.js';

/** Every change of a credit balance (DECISIONS.md: credits are money). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balance_after: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    created_at: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.user_id, t.created_at),
    // A payment is credited exactly once (DECISIONS.md): the database refuses a second purchase row.
    uniqueIndex('credit_ledger_purchase_once').on(t.reference).where(sql`${t.reason} = 'purchase'`),
  ],
);

/** Credit packages a site sells (SPEC.md 2 /credits, /pricing): credits for a price in cents. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    credits: integer('credits').notNull(),
    price_cents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The package shown as the best choice. */
    highlighted: boolean('highlighted').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('credit_packages_site_idx').on(t.site_id, t.position),
    check('credit_packages_positive', sql`${t.credits} > 0 and ${t.price_cents} > 0`),
  ],
);

/**
 * Discount codes (SPEC.md 3 Discount code): `kind` is code (typed by the member), welcome (first
 * purchase, limited time) or time_bonus (TIMEBONUS25, SPEC.md 5). Empty paymentmethods = every method;
 * minimum_order_value is in cents of `currency`.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code').notNull(),
    kind: text('kind').notNull().default('code'),
    country: text('country'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true }),
    value_percentage: smallint('value_percentage').notNull(),
    currency: text('currency'),
    minimum_order_value: integer('minimum_order_value'),
    status: text('status').notNull().default('active'),
    /** once_per_user (each member once), once (one member, once) or unlimited. */
    validity: text('validity').notNull().default('once_per_user'),
    paymentmethods: text('paymentmethods').array().notNull().default(sql`'{}'::text[]`),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_site_code_key').on(t.site_id, sql`upper(${t.code})`),
    check('discount_codes_percentage_range', sql`${t.value_percentage} between 1 and 100`),
  ],
);

/**
 * Payments of credit packages (SPEC.md 6 Payment states). `status` follows the provider: open,
 * pending, paid, failed, canceled, expired; it leaves open/pending once, guarded in the same
 * transaction as the ledger row (DECISIONS.md: credited exactly once). Amounts are in cents.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    package_id: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    /** What the member pays, after the discount. */
    amount_cents: integer('amount_cents').notNull(),
    /** The package price before the discount. */
    original_cents: integer('original_cents').notNull(),
    currency: text('currency').notNull(),
    discount_code_id: integer('discount_code_id').references(() => discountCodes.id),
    discount_percentage: smallint('discount_percentage'),
    /**
     * The once-only use of a discount this payment holds while open, pending or paid
     * (`code:<id>` for validity once, `code:<id>:user:<id>` once per member, `first:user:<id>` for
     * the welcome discount and the time bonus); payments_discount_claim_key lets only one hold it.
     */
    discount_claim: text('discount_claim'),
    method: text('method').notNull(),
    /** checkout (the provider's page), repeat (repeat order) or direct_debit (SMS-confirmed mandate). */
    flow: text('flow').notNull().default('checkout'),
    provider: text('provider').notNull(),
    provider_payment_id: text('provider_payment_id'),
    checkout_url: text('checkout_url'),
    status: text('status').notNull().default('open'),
    refunded_cents: integer('refunded_cents').notNull().default(0),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_idx').on(t.user_id, t.created_at),
    uniqueIndex('payments_provider_key').on(t.provider, t.provider_payment_id),
    index('payments_discount_idx').on(t.discount_code_id, t.user_id),
    // The hourly expiry (services/money/expire-payments.ts) reads only unfinished payments, by id.
    index('payments_unfinished_idx').on(t.id).where(sql`${t.status} in ('open', 'pending')`),
    // A failed, canceled or expired payment drops out of the index and so releases its claim.
    uniqueIndex('payments_discount_claim_key')
      .on(t.discount_claim)
      .where(sql`${t.status} in ('open', 'pending', 'paid')`),
    // The dashboard: revenue and payers per site and period; a member's first paid payment.
    index('payments_site_paid_idx').on(t.site_id, t.paid_at).where(sql`${t.status} = 'paid'`),
    index('payments_user_paid_idx').on(t.user_id, t.paid_at, t.id).where(sql`${t.status} = 'paid'`),
    // The shop's package list counts payments per package.
    index('payments_package_idx').on(t.package_id),
  ],
);

/** Refunds of payments; credits_taken is what came off the balance (never below zero). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount_cents: integer('amount_cents').notNull(),
    credits_taken: integer('credits_taken').notNull(),
    provider_refund_id: text('provider_refund_id'),
    reason: text('reason'),
    created_at: createdAt(),
  },
  (t) => [index('payment_refunds_payment_idx').on(t.payment_id)],
);

/**
 * The built-in test payment provider's own records (DECISIONS.md: used when no provider key is set).
 * It plays the provider's side: its checkout page sets `status`, then it calls the webhook.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  id: text('id').primaryKey(),
  amount_cents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull().default('open'),
  redirect_url: text('redirect_url').notNull(),
  webhook_url: text('webhook_url').notNull(),
  refunded_cents: integer('refunded_cents').notNull().default(0),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Direct-debit mandates (SPEC.md 2 /directdebit, 3 Direct debit): the account details and the SMS
 * code (hash only) that confirms them. status: pending (code sent), confirmed, failed (too many tries).
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    package_id: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    account_holder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    street: text('street').notNull(),
    house_number: text('house_number').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    status: text('status').notNull().default('pending'),
    otp_hash: text('otp_hash'),
    otp_attempts: smallint('otp_attempts').notNull().default(0),
    otp_expires_at: timestamp('otp_expires_at', { withTimezone: true }),
    payment_id: integer('payment_id').references(() => payments.id),
    created_at: createdAt(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('direct_debit_mandates_user_idx').on(t.user_id, t.created_at)],
);

/** Bank accounts refused for direct debit (chargebacks, fraud); IBAN normalised without spaces. */
export const blockedAccounts = pgTable('blocked_accounts', {
  iban: text('iban').primaryKey(),
  reason: text('reason').notNull(),
  created_at: createdAt(),
});
