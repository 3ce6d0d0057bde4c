import { EVENODD_ICONS, ICON_PATHS } from '@app/public-site/icons';

/** Inline SVG icons (simple shapes, no icon font), decorative unless given a label. */
const PATHS = ICON_PATHS;

export type IconName = keyof typeof PATHS;

/** An icon of 1em; pass `label` when the icon carries meaning on its own. */
export function Icon({ name, label, className = '' }: { name: IconName; label?: string; className?: string }) {
  return (
    <svg
      className={`icon ${className}`}
      width="1em"
      height="1em"
      viewBox="0 0 16 16"
      fill="currentColor"
      fillRule={EVENODD_ICONS.has(name) ? 'evenodd' : undefined}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
