/** A drag further than this share of the card's width decides the swipe. */
export const SWIPE_THRESHOLD = 0.3;
/** ... or this many pixels, whichever is smaller (narrow phones). */
export const SWIPE_THRESHOLD_PX = 110;

/** The decision of a finished drag of `dx` pixels over a card `width` wide: right likes, left passes. */
export function swipeDecision(dx: number, width: number): 'like' | 'pass' | null {
  const threshold = Math.min(SWIPE_THRESHOLD_PX, width * SWIPE_THRESHOLD);
  if (dx >= threshold) return 'like';
  if (dx <= -threshold) return 'pass';
  return null;
}

/** The decision of a key: → likes, ← passes. */
export function keyDecision(key: string): 'like' | 'pass' | null {
  if (key === 'ArrowRight') return 'like';
  if (key === 'ArrowLeft') return 'pass';
  return null;
}
