import type { AppDeps } from '../../deps.js';

/** What the payment services need (docs/decisions/007-money.md); `events` carries payment_paid and payment_refunded. */
export type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'bus' | 'payments' | 'log' | 'events'>;
