import { useTranslation } from 'react-i18next';
import { codeLabel } from './labels';

const TONES: Record<string, string> = {
  confirmed: 'text-bg-success',
  active: 'text-bg-success',
  approved: 'text-bg-success',
  paid: 'text-bg-success',
  not_confirmed: 'text-bg-warning',
  awaiting_approval: 'text-bg-warning',
  open: 'text-bg-warning',
  pending: 'text-bg-warning',
  pending_deletion: 'text-bg-secondary',
  deleted: 'text-bg-secondary',
  disabled: 'text-bg-secondary',
  banned: 'text-bg-danger',
  blocked: 'text-bg-danger',
  rejected: 'text-bg-danger',
  failed: 'text-bg-danger',
};

/** A state as a badge: the word says it, the colour only repeats it (WCAG 1.4.1). */
export function StatusBadge({ group, code }: { group: string; code: string }) {
  const { t } = useTranslation('admin-members');
  return <span className={`badge ${TONES[code] ?? 'text-bg-light border'}`}>{codeLabel(t, group, code)}</span>;
}
