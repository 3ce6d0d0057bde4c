import { useTranslation } from 'react-i18next';
import { FictionalIcon } from '../../../components/fictional-icon';

/**
 * The fictional label (DECISIONS.md: always shown): the site's fictional_icon when known, and the word
 * "Fictional" in the staff's language. `warning` adds the site's own note that physical contact is
 * not possible.
 */
export function FictionalBadge({ icon, warning }: { icon?: string | undefined; warning?: string | undefined }) {
  const { t } = useTranslation('admin-fictional');
  return (
    <span className="d-inline-flex align-items-center gap-1 flex-wrap" data-testid="fictional-label">
      <span className="badge text-bg-warning">
        {icon && (
          <span className="me-1">
            <FictionalIcon icon={icon} />
          </span>
        )}
        {t('label')}
      </span>
      {warning && <span className="small text-body-secondary">{warning}</span>}
    </span>
  );
}
