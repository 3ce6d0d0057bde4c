import type { PaymentMethod } from '@app/contracts';

// Simple 16×16 shapes per kind of method; brand logos are trademarks we do not ship.
const SHAPES = {
  card: 'M1 4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1zm0 1.5v2h14v-2zM3 10h4v1H3z',
  bank: 'M8 1l7 3.5V6H1V4.5zM2 7h2v5H2zm3.5 0h2v5h-2zm3.5 0h2v5H9zm3 0h2v5h-2zM1 13h14v2H1z',
  wallet:
    'M2 3h10a1 1 0 0 1 1 1v1h1a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1m8 5.5a1 1 0 1 0 2 0 1 1 0 0 0-2 0',
  phone: 'M5 1h6a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1m0 2v9h6V3zm2 10v1h2v-1z',
} as const;

const KIND: Record<PaymentMethod, keyof typeof SHAPES> = {
  sdd: 'bank',
  sct: 'bank',
  creditcard: 'card',
  visa: 'card',
  mastercard: 'card',
  maestro: 'card',
  paypal: 'wallet',
  ideal: 'bank',
  bancontact: 'card',
  applepay: 'phone',
  sofort: 'bank',
  giropay: 'bank',
  eps: 'bank',
  blik: 'phone',
};

/** A simple decorative icon for a payment method (card, bank, wallet or phone); the name stays beside it. */
export function MethodIcon({ method }: { method: PaymentMethod }) {
  return (
    <svg
      className="icon method-icon"
      width="1.5em"
      height="1.5em"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={SHAPES[KIND[method]]} />
    </svg>
  );
}
