import { RESPONSE_TIME_CONVERSATIONS, RESPONSE_TIME_DEFAULT_DAYS } from '@app/contracts';
import {
  type ConversationTimesRow,
  conversationResponseTimes,
  type OperatorTimesRow,
  operatorResponseTimes,
  totalResponseTimes,
} from '../../db/repositories/operator-times.js';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Response times of a period, in seconds (the route presents them). */
export interface ResponseTimes {
  from: Date;
  to: Date;
  totals: { answers: number; median_seconds: number | null; p95_seconds: number | null };
  operators: OperatorTimesRow[];
  conversations: ConversationTimesRow[];
}

/** The start of `value`: a date alone is its midnight UTC. */
function startOf(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
}

/** The exclusive end of `value`: a date alone includes that whole day (UTC). */
function endOf(value: string): Date {
  return DATE_ONLY.test(value) ? new Date(startOf(value).getTime() + DAY_MS) : new Date(value);
}

/**
 * Operator response times (issue: back office II; admins): over the period `from`..`to` (dates or
 * times; `to` a date includes that day; default the RESPONSE_TIME_DEFAULT_DAYS days up to the end of today, UTC) and one
 * site or all, per operator (answers, first answers of a conversation, median and 95th percentile of
 * the seconds members waited) and per conversation (first answer's wait, median, p95), with totals.
 * @throws AppError forbidden (403) for every role but admin; not_found (404) for a site outside the
 *   actor's; validation_failed (400, data.field to) when the period ends before it starts
 */
export async function viewResponseTimes(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; siteId?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<ResponseTimes> {
  const { siteIds } = staffScope(input.actor, 'view', 'dashboard', input.siteId);
  const now = clock.now();
  const to = endOf(input.to ?? now.toISOString().slice(0, 10));
  const from = input.from ? startOf(input.from) : new Date(to.getTime() - RESPONSE_TIME_DEFAULT_DAYS * DAY_MS);
  if (to.getTime() <= from.getTime()) throw validationFailed({ field: 'to' });
  const filter = { siteIds, from, to };
  const [totals, operators, conversations] = await Promise.all([
    totalResponseTimes(db, filter),
    operatorResponseTimes(db, filter),
    conversationResponseTimes(db, filter, RESPONSE_TIME_CONVERSATIONS),
  ]);
  return { from, to, totals, operators, conversations };
}
