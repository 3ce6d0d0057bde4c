import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../components/not-found';
import { PayOrder } from '../features/credits/pay-order';
import { PaymentResult } from '../features/credits/payment-result';
import '../features/credits/credits.css';

/**
 * /credits/{id}/{paymentmethod optional} (SPEC.md 2): the order summary and pay button; with
 * ?payment_id=N (where the provider returns the payer) the payment result page (SPEC.md 4, 8).
 */
export function Component() {
  const { id, paymentmethod } = useParams();
  const [search] = useSearchParams();
  const paymentId = Number(search.get('payment_id'));
  if (Number.isInteger(paymentId) && paymentId > 0) return <PaymentResult paymentId={paymentId} />;
  const packageId = Number(id);
  if (!Number.isInteger(packageId) || packageId <= 0) return <NotFound />;
  return <PayOrder packageId={packageId} method={paymentmethod} code={search.get('code')} />;
}
