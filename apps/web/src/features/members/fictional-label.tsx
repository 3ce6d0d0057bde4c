import { FictionalIcon } from '../../components/fictional-icon';
import { useSettings } from '../session/use-settings';

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
