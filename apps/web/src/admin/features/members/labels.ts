import type { TFunction } from 'i18next';

/** A code's label from `group` of the members catalogue, or the code itself (underscores as spaces) when it has none. */
export function codeLabel(t: TFunction, group: string, code: string | null | undefined): string {
  if (!code) return '—';
  return t(`${group}.${code}`, { ns: 'admin-members', defaultValue: code.replace(/_/g, ' ') });
}
