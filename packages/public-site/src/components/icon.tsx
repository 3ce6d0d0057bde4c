/** @jsxImportSource preact */
import { EVENODD_ICONS, ICON_PATHS, type IconName } from '../icons.js';

/** An inline SVG icon of 1em, decorative (aria-hidden) unless given a label. */
export function Icon({ name, label, className }: { name: IconName; label?: string; className?: string }) {
  return (
    <svg
      class={className ? `pub-icon ${className}` : 'pub-icon'}
      width="1em"
      height="1em"
      viewBox="0 0 16 16"
      fill="currentColor"
      fill-rule={EVENODD_ICONS.has(name) ? 'evenodd' : undefined}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
