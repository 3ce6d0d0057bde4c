import type { TFunction } from 'i18next';

/** The niche names of SPEC.md 9 (1 none, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay) in the staff's language; empty: every niche. */
export function nicheNames(t: TFunction, niches: readonly number[]): string {
  if (niches.length === 0) return t('admin-fictional:niches.all');
  return niches.map((n) => t(`admin-fictional:niches.${n}`)).join(', ');
}
