import { FICTIONAL_MASK_PATH, isFictionalMaskIcon } from '@app/contracts';

/**
 * The site's fictional_icon: the mask as SVG for the mask emoji (which many devices cannot draw),
 * an image when it is a URL or path, else its text.
 */
export function FictionalIcon({ icon }: { icon: string }) {
  if (!icon) return null;
  if (isFictionalMaskIcon(icon)) {
    return (
      <svg className="fictional-icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
        <path fill="currentColor" fillRule="evenodd" d={FICTIONAL_MASK_PATH} />
      </svg>
    );
  }
  if (/^(https?:)?\/|\.(svg|png|webp|gif)$/i.test(icon)) {
    return <img src={icon} alt="" width={18} height={18} className="fictional-icon" />;
  }
  return (
    <span className="fictional-icon" aria-hidden="true">
      {icon}
    </span>
  );
}
