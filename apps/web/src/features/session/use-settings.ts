import type { Settings } from '@app/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { settingsQuery } from './queries';

/** The site's settings; main.tsx loads them before the first render, so this never suspends then. */
export function useSettings(): Settings {
  return useSuspenseQuery(settingsQuery()).data;
}
