import { MAXIMUM_AGE, MINIMUM_AGE } from '@app/contracts';
import type { SelectOption } from '../../components/select-field';

/** Distances (km) offered by the search's and the match finder's distance filters. */
export const SEARCH_DISTANCES = [10, 25, 50, 100, 250] as const;

/** Every age a filter offers, MINIMUM_AGE to MAXIMUM_AGE. */
export const AGE_OPTIONS: readonly SelectOption[] = Array.from({ length: MAXIMUM_AGE - MINIMUM_AGE + 1 }, (_, i) => ({
  value: MINIMUM_AGE + i,
  label: String(MINIMUM_AGE + i),
}));

/** A select's value as a number, undefined for the empty option. */
export function toNumber(value: string): number | undefined {
  return value ? Number(value) : undefined;
}
