import { type AdminSite, type SiteSettingsInput, SiteSettingsInputSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage } from '../../components/error-text';
import { siteKeys, updateSite } from './api';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from './field-errors';

/** A setting the editor changes (a field of PUT /api/admin/site.php). */
export type SettingKey = keyof SiteSettingsInput;
/** The values of some settings as a section edits them. */
export type SettingsDraft<K extends SettingKey> = Pick<AdminSite, K & keyof AdminSite>;

/** The state of one section of the site editor: its draft, field errors, and its save. */
export interface SectionForm<K extends SettingKey> {
  draft: SettingsDraft<K>;
  set: <F extends K & keyof AdminSite>(field: F, value: AdminSite[F]) => void;
  errors: FieldErrors;
  submit: (e: FormEvent) => void;
  isSaving: boolean;
  isSaved: boolean;
  error: unknown;
}

/**
 * One section of the site editor: a draft of `fields` taken from `site`, checked with the call's own
 * schema before it is sent (field errors in the staff's language), then PUT /api/admin/site.php with
 * only those fields; the answer replaces the cached site, and the server's field errors show too.
 */
export function useSectionForm<K extends SettingKey>(site: AdminSite, fields: readonly K[]): SectionForm<K> {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(
    () => Object.fromEntries(fields.map((f) => [f, site[f as keyof AdminSite]])) as SettingsDraft<K>,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: updateSite,
    onSuccess: async (next) => {
      queryClient.setQueryData(siteKeys.detail(site.id), next);
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: siteKeys.list });
    },
    onError: (err) => setErrors(apiFieldErrors(err)),
  });

  function set<F extends K & keyof AdminSite>(field: F, value: AdminSite[F]) {
    setDraft((d) => ({ ...d, [field]: value }));
    setSaved(false);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const mask = Object.fromEntries(fields.map((f) => [f, true])) as { [F in SettingKey]?: true };
    const parsed = SiteSettingsInputSchema.pick(mask).safeParse(draft);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate({ id: site.id, ...(draft as object) } as Parameters<typeof updateSite>[0]);
  }

  return { draft, set, errors, submit, isSaving: save.isPending, isSaved, error: save.error };
}

/** The foot of a section: the save button, "saved" for screen readers and eyes, a general error. */
export function SaveBar({
  form,
  id,
}: {
  form: Pick<SectionForm<never>, 'isSaving' | 'isSaved' | 'error' | 'errors'>;
  id: string;
}) {
  const { t } = useTranslation('admin-sites');
  const hasFieldErrors = Object.keys(form.errors).length > 0;
  return (
    <div className="mt-3">
      {hasFieldErrors && <ErrorAlert>{t('checkFields')}</ErrorAlert>}
      {!hasFieldErrors && form.error ? <ErrorAlert>{errorMessage(form.error)}</ErrorAlert> : null}
      <div className="d-flex flex-wrap align-items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={form.isSaving} data-testid={`save-${id}`}>
          {t('save')}
        </button>
        <span role="status" className={form.isSaved ? 'text-success' : 'visually-hidden'}>
          {form.isSaved ? t('saved') : ''}
        </span>
      </div>
    </div>
  );
}
