import { useSettings } from '../session/use-settings';

/** The site's fictional_icon: an image when it is a URL or path, else text such as an emoji. */
export function FictionalIcon({ icon }: { icon: string }) {
  if (!icon) return null;
  if (/^(https?:)?\/|\.(svg|png|webp|gif)$/i.test(icon)) {
    return <img src={icon} alt="" width={18} height={18} className="fictional-icon" />;
  }
  return (
    <span className="fictional-icon" aria-hidden="true">
      {icon}
    </span>
  );
}

/** Label of a fictional profile: icon + fictional_singular, warning as tooltip and readable text (DECISIONS.md). */
export function FictionalLabel({ showWarning = true }: { showWarning?: boolean }) {
  const settings = useSettings();
  return (
    <div className="fictional-label" title={settings.fictional_warning}>
      <span className="badge rounded-pill text-bg-warning">
        <FictionalIcon icon={settings.fictional_icon} /> {settings.fictional_singular}
      </span>
      {showWarning ? (
        <small className="d-block text-body-secondary mt-1 fictional-warning">{settings.fictional_warning}</small>
      ) : (
        <span className="visually-hidden">{settings.fictional_warning}</span>
      )}
    </div>
  );
}
