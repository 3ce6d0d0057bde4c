import { PremiumOverview } from '../features/credits/premium-overview';

/** /premium (SPEC.md 2): the premium overview. */
export function Component() {
  return <PremiumOverview />;
}
