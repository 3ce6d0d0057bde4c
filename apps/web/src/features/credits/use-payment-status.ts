import type { Payment } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../lib/query-client';
import { creditKeys, fetchPayment, isFinalStatus } from './api';

/** Poll interval of a payment being processed, in ms. */
export const PAYMENT_POLL_MS = 2000;
/** How long the result page keeps polling before it says "still being processed", in ms. */
export const PAYMENT_POLL_LIMIT_MS = 2 * 60_000;

/** States of the payment result page (SPEC.md 4 Payment); `slow` is pending after the poll limit. */
export type PaymentPhase = 'loading' | 'pending' | 'slow' | 'completed' | 'failed' | 'error';

/** The phase a payment answer (or its absence) puts the result page in. */
export function paymentPhase(payment: Payment | undefined, isError: boolean, isPastLimit: boolean): PaymentPhase {
  if (!payment) return isError ? 'error' : 'loading';
  if (payment.status === 'paid') return 'completed';
  if (isFinalStatus(payment.status)) return 'failed';
  return isPastLimit ? 'slow' : 'pending';
}

/**
 * The payment the provider returned the payer for (GET /api/payment.php?payment_id, SPEC.md 4):
 * polled every 2 s while open or pending, for at most 2 minutes. When it is paid the user (balance,
 * paid_user: the navigation switches to Credits) and the credits overview are refreshed, once.
 */
export function usePaymentStatus(paymentId: number): {
  payment: Payment | undefined;
  phase: PaymentPhase;
  error: unknown;
} {
  const client = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const [isPastLimit, setPastLimit] = useState(false);
  const query = useQuery({
    queryKey: creditKeys.payment(paymentId),
    queryFn: ({ signal }) => fetchPayment(paymentId, signal),
    staleTime: 0,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      if (status && isFinalStatus(status)) return false;
      return Date.now() - startedAt < PAYMENT_POLL_LIMIT_MS ? PAYMENT_POLL_MS : false;
    },
  });
  useEffect(() => {
    const timer = setTimeout(() => setPastLimit(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const phase = paymentPhase(query.data, query.isError, isPastLimit);
  const isRefreshed = useRef(false);
  useEffect(() => {
    if (phase !== 'completed' || isRefreshed.current) return;
    isRefreshed.current = true;
    void client.invalidateQueries({ queryKey: queryKeys.user });
    void client.invalidateQueries({ queryKey: creditKeys.overview });
    void client.invalidateQueries({ queryKey: ['time-bonus'] });
  }, [phase, client]);
  return { payment: query.data, phase, error: query.error };
}
