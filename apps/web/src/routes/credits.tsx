import { CreditsShop } from '../features/credits/credits-shop';

/** /credits (SPEC.md 2): the credit packages, the active discount, a discount code and the payment method. */
export function Component() {
  return <CreditsShop />;
}
