import type { AppDeps } from '../../deps.js';

/** What the payment services need (docs/decisions/007-money.md). */
export type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'bus' | 'payments' | 'log'>;
