/** @jsxImportSource preact */
import { FICTIONAL_MASK_PATH, isFictionalMaskIcon } from '@app/contracts';

/**
 * The site's fictional_icon on the public pages, decorative: the mask as inline SVG for the mask
 * emoji (which many devices cannot draw: an empty box), else the site's own text.
 */
export function FictionalIcon({ icon }: { icon: string }) {
  if (!icon) return null;
  if (isFictionalMaskIcon(icon)) {
    return (
      <svg class="pub-icon" width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" fill-rule="evenodd" d={FICTIONAL_MASK_PATH} />
      </svg>
    );
  }
  return <span aria-hidden="true">{icon}</span>;
}
