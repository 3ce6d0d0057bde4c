import { z } from 'zod';
import { PAYMENT_METHODS } from './constants.js';
import { text } from './text.js';

/**
 * Calls of the money area (SPEC.md 2 /credits, /credits/repeat-order, /credits/{id}/{paymentmethod},
 * /directdebit, /transactions, /premium, /pricing, /complaints; 3 Discount code, Direct debit,
 * Payment; 6 Payment states; 7 GET /api/discountcode.php; 8 payment and direct-debit errors; 9).
 * Amounts are integer cents of `currency`; credits are whole credits.
 */

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** Provider states of a payment; `open` and `pending` are "being processed" (SPEC.md 6). */
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** States a payment never leaves. */
export const FINAL_PAYMENT_STATUSES = ['paid', 'failed', 'canceled', 'expired'] as const;

/** Card methods: a failed card payment offers retry or PayPal (SPEC.md 8). */
export const CARD_METHODS = ['creditcard', 'visa', 'mastercard', 'maestro'] as const;

/** Discount kinds: a typed code, the welcome code, or the time bonus (SPEC.md 5, 9). */
export const DISCOUNT_KINDS = ['code', 'welcome', 'time_bonus'] as const;
/** How often a code may be used: each member once, one use in total, or without limit. */
export const DISCOUNT_VALIDITIES = ['once_per_user', 'once', 'unlimited'] as const;

/** Days the welcome discount stays valid after signup (docs/decisions/007-money.md). */
export const WELCOME_DISCOUNT_DAYS = 7;
/** Code of the welcome discount. */
export const WELCOME_CODE = 'WELCOME25';
/** Complaint topics (SPEC.md 2 /complaints). */
export const COMPLAINT_TOPICS = ['payment', 'credits', 'messages', 'profile', 'technical', 'other'] as const;
/** Characters of a complaint. */
export const COMPLAINT_TEXT = { min: 10, max: 5000 } as const;
/** SMS code of a direct-debit mandate: digits, minutes valid, tries (SPEC.md 2, 8). */
export const DIRECT_DEBIT_OTP = { digits: 6, minutes: 10, tries: 3 } as const;
/** Direct debit limit per member over 30 days, in cents (SPEC.md 8 "limit reached"). */
export const DIRECT_DEBIT_LIMIT_CENTS = 15_000;

/** A credit package (SPEC.md 2 /credits): credits for a price. */
export const CreditPackageSchema = z
  .object({
    id: z.number().int(),
    credits: z.number().int().positive().describe('credits'),
    price_cents: z.number().int().positive().describe('cents of currency, VAT included'),
    currency: text().length(3),
    per_credit_cents: z.number().describe('price per credit in cents (fractional)'),
    highlighted: z.boolean(),
  })
  .meta({ id: 'CreditPackage' });
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

/** A discount code with the fields of SPEC.md 3. */
export const DiscountCodeSchema = z
  .object({
    code: text(),
    kind: z.enum(DISCOUNT_KINDS),
    country: text().nullable(),
    user_id: z.number().int().nullable(),
    expires: text().nullable().describe('ISO 8601; null = no end'),
    value_percentage: z.number().int().min(1).max(100),
    percentage: z.number().int().min(1).max(100).describe('same as value_percentage'),
    currency: text().nullable(),
    minimum_order_value: z.number().int().nullable().describe('cents of currency'),
    status: z.enum(['active', 'inactive']),
    validity: z.enum(DISCOUNT_VALIDITIES),
    expired: z.boolean(),
    paymentmethods: z.array(PaymentMethodSchema).describe('empty = every method'),
  })
  .meta({ id: 'DiscountCode' });
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

/** GET /api/discountcode.php: `code` to check a typed code, or `welcome=true` for the welcome code. */
export const DiscountQuerySchema = z.object({
  code: text().trim().min(1).max(40).optional(),
  welcome: z.enum(['true', 'false']).optional(),
  package: z.coerce.number().int().positive().optional().describe('checks the minimum order value'),
  method: PaymentMethodSchema.optional().describe('checks the payment methods'),
});
export type DiscountQuery = z.infer<typeof DiscountQuerySchema>;

/** The time bonus (SPEC.md 5): visible only to a non-paid member within 4 hours of signup. */
export const TimeBonusSchema = z
  .object({
    code: text(),
    value_percentage: z.number().int(),
    expires: text().describe('ISO 8601: signup_date + 14400 s'),
    seconds_left: z.number().int().nonnegative().describe('seconds'),
  })
  .meta({ id: 'TimeBonus' });
export type TimeBonus = z.infer<typeof TimeBonusSchema>;
/** GET /api/time-bonus.php: the member's time bonus, null when not visible. */
export const TimeBonusResultSchema = z
  .object({ time_bonus: TimeBonusSchema.nullable() })
  .meta({ id: 'TimeBonusResult' });

/** GET /api/credits.php: what /credits, /pricing and /premium show. */
export const CreditsOverviewSchema = z
  .object({
    packages: z.array(CreditPackageSchema),
    methods: z.array(PaymentMethodSchema).describe('methods the provider offers, direct debit (sdd) included'),
    /** The active discount: the time bonus if present, else the welcome code; null for paid and visitors. */
    discount: DiscountCodeSchema.nullable(),
    /** The last paid package and method, for /credits/repeat-order (premium members). */
    last_order: z.object({ package: z.number().int(), method: PaymentMethodSchema }).nullable(),
    costs: z.object({ message: z.number().int(), photo: z.number().int(), gift: z.number().int() }).describe('credits'),
    refund_days: z.number().int(),
  })
  .meta({ id: 'CreditsOverview' });
export type CreditsOverview = z.infer<typeof CreditsOverviewSchema>;

/** POST /api/payment.php: start paying a package. */
export const CreatePaymentBodySchema = z
  .object({
    package: z.number().int().positive(),
    method: PaymentMethodSchema,
    discount_code: text().trim().min(1).max(40).optional(),
    /** Repeat order (SPEC.md 2 /credits/repeat-order): the last package and method again. */
    repeat: z.boolean().optional(),
  })
  .meta({ id: 'CreatePaymentBody' });
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

/** A payment (SPEC.md 3 Payment: payment_id, credits, plus what the result page shows). */
export const PaymentSchema = z
  .object({
    payment_id: z.number().int(),
    credits: z.number().int(),
    status: z.enum(PAYMENT_STATUSES),
    package: z.number().int(),
    method: PaymentMethodSchema,
    amount_cents: z.number().int(),
    original_cents: z.number().int(),
    currency: text(),
    discount_percentage: z.number().int().nullable(),
    created_at: text(),
    paid_at: text().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof PaymentSchema>;

/** Answer of POST /api/payment.php: where to send the payer. */
export const CreatePaymentResultSchema = z
  .object({ payment: PaymentSchema, checkout_url: text().describe('absolute URL of the provider checkout') })
  .meta({ id: 'CreatePaymentResult' });
export type CreatePaymentResult = z.infer<typeof CreatePaymentResultSchema>;

/** GET /api/payment.php?payment_id=N: the payment, its state fetched from the provider when not final. */
export const PaymentQuerySchema = z.object({ payment_id: z.coerce.number().int().positive() });

/** POST /api/directdebit.php: the mandate form (SPEC.md 3 Direct debit). */
export const DirectDebitBodySchema = z
  .object({
    package: z.number().int().positive(),
    account_holder: text().trim().min(2).max(100),
    iban: text().trim().min(15).max(42),
    street: text().trim().min(1).max(100),
    house_number: text().trim().min(1).max(20),
    zip: text().trim().min(3).max(12),
    city: text().trim().min(1).max(80),
    phone: text().trim().min(6).max(24),
  })
  .meta({ id: 'DirectDebitBody' });
export type DirectDebitBody = z.infer<typeof DirectDebitBodySchema>;
/** Answer: the mandate waits for the SMS code sent to the phone (shown masked). */
export const DirectDebitStartedSchema = z
  .object({ mandate: z.number().int(), phone_hint: text(), expires: text() })
  .meta({ id: 'DirectDebitStarted' });
/** POST /api/directdebit-confirm.php: the SMS code (otp). */
export const DirectDebitConfirmBodySchema = z
  .object({ mandate: z.number().int().positive(), otp: text().trim().min(1).max(12) })
  .meta({ id: 'DirectDebitConfirmBody' });
export const DirectDebitConfirmedSchema = z.object({ payment: PaymentSchema }).meta({ id: 'DirectDebitConfirmed' });

/** One line of /transactions: a ledger entry (a purchase, a spend, a refund, a bonus). */
export const TransactionEntrySchema = z
  .object({
    id: z.number().int().describe('ledger entry id'),
    date: text(),
    reason: text().describe('purchase, message, photo, gift, signup_credits, refund, ...'),
    credits: z.number().int().describe('credits added (+) or spent (-)'),
    balance_after: z.number().int(),
    payment_id: z.number().int().nullable().describe('purchases and refunds: the payment (invoice)'),
    amount_cents: z.number().int().nullable(),
    currency: text().nullable(),
  })
  .meta({ id: 'TransactionEntry' });
export type TransactionEntry = z.infer<typeof TransactionEntrySchema>;
export const TransactionListSchema = z
  .object({ entries: z.array(TransactionEntrySchema), payments: z.array(PaymentSchema) })
  .meta({ id: 'TransactionList' });
export type TransactionList = z.infer<typeof TransactionListSchema>;

/** GET /api/invoice.php?payment_id=N: the invoice of a paid payment (SPEC.md 2 /transactions/{id}). */
export const InvoiceSchema = z
  .object({
    number: text(),
    date: text(),
    payment: PaymentSchema,
    vat_percentage: z.number(),
    vat_cents: z.number().int(),
    net_cents: z.number().int(),
    refunded_cents: z.number().int(),
    company: z.object({
      name: text(),
      address: text(),
      city: text(),
      country: text(),
      kvk: text(),
      vat_numbers: z.array(text()),
    }),
    site: text(),
    customer: z.object({ email: text(), name: text() }),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof InvoiceSchema>;

/** POST /api/complaints.php (SPEC.md 2 /complaints). */
export const ComplaintBodySchema = z
  .object({
    topic: z.enum(COMPLAINT_TOPICS),
    text: text().trim().min(COMPLAINT_TEXT.min).max(COMPLAINT_TEXT.max),
    payment_id: z.number().int().positive().optional().describe('the transaction it is about'),
  })
  .meta({ id: 'ComplaintBody' });
export type ComplaintBody = z.infer<typeof ComplaintBodySchema>;
export const ComplaintResultSchema = z
  .object({ id: z.number().int(), refund_days: z.number().int() })
  .meta({ id: 'ComplaintResult' });

/** GET /api/directdebit.php: the member's last confirmed mandate to prefill the form; IBAN and phone masked. */
export const DirectDebitPrefillSchema = z
  .object({
    mandate: z
      .object({
        account_holder: text(),
        iban_hint: text().describe('masked IBAN: country, check digits and the last 4 characters'),
        street: text(),
        house_number: text(),
        zip: text(),
        city: text(),
        phone_hint: text().describe('masked phone: the last 4 digits'),
      })
      .nullable(),
  })
  .meta({ id: 'DirectDebitPrefill' });
export type DirectDebitPrefill = z.infer<typeof DirectDebitPrefillSchema>;

/** VAT included in every price, percent (Dutch rate; docs/decisions/007-money.md). */
export const INVOICE_VAT_PERCENTAGE = 21;

/**
 * States of a complaint (issue: back office I): `new` when filed, `in_progress` once staff took it up,
 * `answered` when staff answered it (the answer is mailed to the member and shown on /complaints).
 */
export const COMPLAINT_STATUSES = ['new', 'in_progress', 'answered'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** One complaint of GET /api/complaints.php (SPEC.md 2 /complaints). */
export const ComplaintEntrySchema = z
  .object({
    id: z.number().int().describe('the complaint number'),
    topic: z.enum(COMPLAINT_TOPICS),
    status: z.enum(COMPLAINT_STATUSES).describe('new, in_progress (staff took it up) or answered'),
    payment_id: z.number().int().nullable(),
    created_at: text(),
    answer: text().nullable().describe("staff's answer, once answered"),
    answered_at: text().nullable().describe('ISO 8601; when staff answered'),
  })
  .meta({ id: 'ComplaintEntry' });
export type ComplaintEntry = z.infer<typeof ComplaintEntrySchema>;
/** GET /api/complaints.php: the member's complaints, newest first. */
export const ComplaintListSchema = z
  .object({ complaints: z.array(ComplaintEntrySchema) })
  .meta({ id: 'ComplaintList' });
export type ComplaintList = z.infer<typeof ComplaintListSchema>;
