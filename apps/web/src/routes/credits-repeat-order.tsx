import { RepeatOrder } from '../features/credits/repeat-order';

/** /credits/repeat-order (SPEC.md 2): the last package and method again in one step, for premium members. */
export function Component() {
  return <RepeatOrder />;
}
