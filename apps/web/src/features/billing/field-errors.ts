import { ApiError } from '../../lib/api';

/** Error codes that belong to one field, with the server's translated message shown under it. */
const FIELD_CODES: Record<string, string> = { iban_invalid: 'iban', otp_invalid: 'otp' };

/**
 * The fields a failed call names, each with its message (SPEC.md 8): a field code (iban_invalid →
 * iban, with the server's message), `data.issues` of validation_failed (`path` "/text" → text) or
 * `data.field`; those two get `fieldMessage(field)` from the catalogue, since zod's issue texts
 * are not translated. Anything else names no field and is shown as a general alert.
 */
export function fieldErrors(error: unknown, fieldMessage: (field: string) => string): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const own = FIELD_CODES[error.code];
  if (own) return { [own]: error.message };
  if (error.code !== 'validation_failed') return {};
  const data = (error.data ?? {}) as { issues?: { path?: unknown }[]; field?: unknown };
  const fields = new Set<string>();
  if (typeof data.field === 'string') fields.add(data.field);
  for (const issue of data.issues ?? []) {
    const name = typeof issue.path === 'string' ? issue.path.replace(/^\//, '').split('/')[0] : '';
    if (name) fields.add(name);
  }
  return Object.fromEntries([...fields].map((field) => [field, fieldMessage(field)]));
}

/** Whether a failed call needs a general alert: it names none of the fields the form `shows`. */
export function needsGeneralAlert(error: unknown, fields: Record<string, string>, shows: readonly string[]): boolean {
  if (!error) return false;
  return !shows.some((field) => fields[field]);
}
