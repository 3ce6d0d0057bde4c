import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../components/error-text';
import { i18next } from '../../lib/i18n';

/**
 * The fields a failed shop call names: `data.field` (a code taken, a member of another site, a past
 * end date) or the paths of `data.issues` ("/price_cents").
 */
export function invalidFields(err: unknown): Set<string> {
  if (!isApiError(err)) return new Set();
  const d = (err.data ?? {}) as { field?: unknown; issues?: { path?: unknown }[] };
  const paths = Array.isArray(d.issues) ? d.issues.map((issue) => String(issue.path ?? '').split('/')[1] ?? '') : [];
  return new Set([typeof d.field === 'string' ? d.field : '', ...paths].filter(Boolean));
}

/**
 * The message of a failed shop change in the back office's language: a code the site has already, a
 * picture that is not an image or too large, a member of another site, a past date; else the
 * server's catalogue message (`errorMessage`).
 */
export function shopErrorMessage(err: unknown): string {
  const t = i18next.t.bind(i18next);
  if (isApiError(err, 'conflict') && invalidFields(err).has('code')) return t('admin-shop:errors.codeTaken');
  if (isApiError(err, 'photo_too_large')) return t('admin-shop:errors.imageTooLarge');
  if (isApiError(err, 'validation_failed')) {
    const fields = invalidFields(err);
    if (fields.has('user_id')) return t('admin-shop:errors.userId');
    if (fields.has('expires')) return t('admin-shop:errors.expires');
    if (fields.has('image')) return t('admin-shop:errors.imageTooLarge');
    if (fields.size > 0) {
      const names = [...fields].map((f) =>
        i18next.exists(`admin-shop:fields.${f}`) ? t(`admin-shop:fields.${f}`) : f,
      );
      return `${errorMessage(err)} ${t('admin-shop:errors.checkFields', { fields: names.join(', ') })}`;
    }
  }
  return errorMessage(err);
}
