/** Icons of navigation items that the shared icon set lacks (16 × 16 view box, as components/icon.tsx). */
const NAV_PATHS = {
  /** Two stacked cards: the swipe game. */
  cards:
    'M3.5 2h6A1.5 1.5 0 0 1 11 3.5v9A1.5 1.5 0 0 1 9.5 14h-6A1.5 1.5 0 0 1 2 12.5v-9A1.5 1.5 0 0 1 3.5 2M12 4.2l1.9.6a1 1 0 0 1 .7 1.2l-2.2 7.6a1 1 0 0 1-.4.5z',
  /** A target: the match finder. */
  target: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1m0 2a5 5 0 1 1 0 10A5 5 0 0 1 8 3m0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6',
} as const;

/** A decorative icon of 1em for a navigation item (its text names the link). */
export function NavIcon({ name, className = '' }: { name: keyof typeof NAV_PATHS; className?: string }) {
  return (
    <svg
      className={`icon ${className}`.trim()}
      width="1em"
      height="1em"
      viewBox="0 0 16 16"
      fill="currentColor"
      fillRule="evenodd"
      aria-hidden
      focusable="false"
    >
      <path d={NAV_PATHS[name]} />
    </svg>
  );
}
