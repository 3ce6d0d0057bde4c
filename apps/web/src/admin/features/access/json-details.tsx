import { useTranslation } from 'react-i18next';

/** A value as indented JSON ("—" for null or undefined). */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 2);
}

/** An audit entry's before and after in a closed <details>, each as indented JSON; nothing when both are empty. */
export function JsonDetails({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  if ((before === null || before === undefined) && (after === null || after === undefined)) return null;
  return (
    <details>
      <summary>{t('audit.changes')}</summary>
      <div className="small">
        <div className="fw-semibold mt-1">{t('audit.before')}</div>
        <pre className="audit-json bg-body-tertiary p-2 mb-1">{formatJson(before)}</pre>
        <div className="fw-semibold">{t('audit.after')}</div>
        <pre className="audit-json bg-body-tertiary p-2 mb-0">{formatJson(after)}</pre>
      </div>
    </details>
  );
}
