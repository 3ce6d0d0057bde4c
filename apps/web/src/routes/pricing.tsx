import { PriceOverview } from '../features/credits/price-overview';

/** /pricing (SPEC.md 2, public): the price overview. */
export function Component() {
  return <PriceOverview />;
}
