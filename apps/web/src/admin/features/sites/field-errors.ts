import type { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { i18next } from '../../lib/i18n';

/** Field errors by path (`domain`, `colors/primary`, `minimum_message_costs/0/country`), translated. */
export type FieldErrors = Record<string, string>;

/** The translated text of an issue `message` (a catalogue key of `admin-sites:issues`), else a general one. */
function issueText(message: string, code?: string): string {
  const key = `admin-sites:issues.${message}`;
  if (i18next.exists(key)) return i18next.t(key);
  if (code === 'invalid_type') return i18next.t('admin-sites:issues.required');
  return i18next.t('admin-sites:issues.invalid');
}

/** The field errors of a zod failure (the form checks with the call's own schema before sending). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join('/');
    out[path] ??= issueText(issue.message, issue.code);
  }
  return out;
}

/** The field errors of a failed call: a validation failure's issues, a taken domain; else none. */
export function apiFieldErrors(err: unknown): FieldErrors {
  if (isApiError(err, 'conflict')) {
    const field = (err.data as { field?: string } | undefined)?.field;
    if (field === 'domain') return { domain: i18next.t('admin-sites:issues.domain_taken') };
    return {};
  }
  if (!isApiError(err, 'validation_failed')) return {};
  const issues = (err.data as { issues?: { path?: string; message?: string }[] } | undefined)?.issues ?? [];
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = String(issue.path ?? '').replace(/^\//, '');
    out[path] ??= issueText(String(issue.message ?? ''));
  }
  return out;
}

/** The first error at `path` or below it (a list's row or a nested field). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const nested = Object.keys(errors).find((key) => key.startsWith(`${path}/`));
  return nested ? errors[nested] : undefined;
}
