import type { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { i18next } from '../../lib/i18n';
import { SITE_PAGES_NS } from './i18n';

/** Field errors by field (`title`, `body`, `slug`, `language`), translated. */
export type PageFieldErrors = Record<string, string>;

/** The translated text of an issue `message` (a key of `admin-site-pages:issues`), else a general one. */
export function pageIssueText(message: string): string {
  const key = `${SITE_PAGES_NS}:issues.${message}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t(`${SITE_PAGES_NS}:issues.invalid`);
}

/** The field errors of a zod failure (the editor checks with the call's own schema before sending). */
export function zodPageErrors(error: z.ZodError): PageFieldErrors {
  const out: PageFieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= pageIssueText(issue.code === 'invalid_type' ? 'required' : issue.message);
  }
  return out;
}

/** The field errors of a failed call (400 validation_failed with `data.issues`); none for other errors. */
export function apiPageErrors(err: unknown): PageFieldErrors {
  if (!isApiError(err, 'validation_failed')) return {};
  const issues = (err.data as { issues?: { path?: string; message?: string }[] } | undefined)?.issues ?? [];
  const out: PageFieldErrors = {};
  for (const issue of issues) {
    const field =
      String(issue.path ?? '')
        .replace(/^\//, '')
        .split('/')[0] ?? '';
    out[field] ??= pageIssueText(String(issue.message ?? ''));
  }
  return out;
}
