import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../components/error-text';
import { i18next } from '../../lib/i18n';

/** The editor's fields an API answer can name. */
export const FICTIONAL_FIELDS = [
  'name',
  'status',
  'gender',
  'sexuality',
  'date_of_birth',
  'country',
  'region',
  'city',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'reason',
  'interests',
  'description',
  'persona_note',
  'niches',
  'site_id',
] as const;
export type FictionalField = (typeof FICTIONAL_FIELDS)[number];

/**
 * The field errors of a failed save: `data.field` gets the server's message (already in the staff's
 * language: "Je profielnaam mag niet beginnen met een @"); each path of `data.issues` ("/name") the
 * general "check" message. Empty when the error names no field of the editor.
 */
export function fictionalFieldErrors(err: unknown): Partial<Record<FictionalField, string>> {
  if (!isApiError(err, 'validation_failed')) return {};
  const data = (err.data ?? {}) as { field?: unknown; issues?: { path?: unknown }[] };
  const known = new Set<string>(FICTIONAL_FIELDS);
  const errors: Partial<Record<FictionalField, string>> = {};
  for (const issue of Array.isArray(data.issues) ? data.issues : []) {
    const field = String(issue.path ?? '').split('/')[1] ?? '';
    if (known.has(field)) errors[field as FictionalField] = i18next.t('admin-fictional:errors.check');
  }
  if (typeof data.field === 'string' && known.has(data.field)) {
    errors[data.field as FictionalField] = err.message || errorMessage(err);
  }
  return errors;
}

/** The message of a failed fictional call: a known `data.reason` gets its own text, anything else the server's. */
export function fictionalErrorMessage(err: unknown): string {
  const reason = isApiError(err) ? (err.data as { reason?: unknown } | undefined)?.reason : undefined;
  const key = `admin-fictional:errors.${String(reason)}`;
  if (typeof reason === 'string' && i18next.exists(key)) return i18next.t(key);
  return errorMessage(err);
}
