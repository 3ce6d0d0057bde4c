import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../components/error-text';
import { i18next } from '../../lib/i18n';

/** The catalogue key (under `admin:staff.`) of a field of the staff calls' bodies. */
const FIELD_LABELS: Record<string, string> = {
  email: 'email',
  name: 'name',
  role: 'role',
  site_ids: 'sites',
  password: 'password',
};

/** The fields a validation_failed answer names: `data.field`, or the paths of `data.issues` ("/email"). */
function invalidFields(data: unknown): string[] {
  const d = (data ?? {}) as { field?: unknown; issues?: { path?: unknown }[] };
  const paths = Array.isArray(d.issues) ? d.issues.map((issue) => String(issue.path ?? '')) : [];
  const fields = [typeof d.field === 'string' ? d.field : '', ...paths.map((p) => p.split('/')[1] ?? '')];
  return [...new Set(fields.filter((f) => f in FIELD_LABELS))];
}

/**
 * The message of a failed staff change: the server's 409 conflicts said plainly (an e-mail that has
 * an account, a change of one's own role, sites or state), a validation failure with the fields it
 * names, a weak password with the server's hint; anything else as `errorMessage` shows it.
 */
export function staffErrorMessage(err: unknown): string {
  const t = i18next.t.bind(i18next);
  if (isApiError(err, 'conflict')) {
    const data = (err.data ?? {}) as { field?: string; reason?: string };
    if (data.field === 'email') return t('admin:staff.emailTaken');
    if (data.reason === 'own_account') return t('admin:staff.ownAccount');
  }
  if (isApiError(err, 'validation_failed')) {
    const fields = invalidFields(err.data).map((f) => t(`admin:staff.${FIELD_LABELS[f]}`));
    if (fields.length > 0) return `${errorMessage(err)} ${t('admin:staff.checkFields', { fields: fields.join(', ') })}`;
  }
  if (isApiError(err, 'weak_password')) {
    const warning = (err.data as { warning?: unknown } | undefined)?.warning;
    if (typeof warning === 'string' && warning) return `${errorMessage(err)} ${warning}`;
  }
  return errorMessage(err);
}
