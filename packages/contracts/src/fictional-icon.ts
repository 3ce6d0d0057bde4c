/**
 * The fictional label's mask (DECISIONS.md: fictional profiles are always labelled). The seeded
 * fictional_icon is the theatre-mask emoji, which needs an emoji font that Debian's Chromium, many
 * Linux desktops and older Android phones lack (they draw an empty box): the label that keeps the
 * site honest is drawn as this SVG instead, by the member app and the public pages alike.
 */

/** The emoji the seed and older sites use as fictional_icon; drawn as FICTIONAL_MASK_PATH. */
export const FICTIONAL_MASK_EMOJI = '🎭';

/** A mask with two eyes and a smile, one path on a 24×24 view box, filled even-odd (the eyes and smile are holes). */
export const FICTIONAL_MASK_PATH =
  'M3 4.5C6 3.2 9 2.6 12 2.6s6 .6 9 1.9v5.6c0 5.9-4 10.4-9 11.3-5-.9-9-5.4-9-11.3z' +
  'M6.8 9.4a2 1.3 0 1 0 4 0a2 1.3 0 1 0-4 0z' +
  'M13.2 9.4a2 1.3 0 1 0 4 0a2 1.3 0 1 0-4 0z' +
  'M8.2 13.8c1.1 2 2.4 3 3.8 3s2.7-1 3.8-3c-1.2.8-2.5 1.2-3.8 1.2s-2.6-.4-3.8-1.2z';

/** Whether a site's fictional_icon is drawn as the SVG mask: the mask emoji (with or without its variation selector). */
export function isFictionalMaskIcon(icon: string): boolean {
  const trimmed = icon.trim();
  return trimmed === FICTIONAL_MASK_EMOJI || trimmed === `${FICTIONAL_MASK_EMOJI}\uFE0F`;
}
