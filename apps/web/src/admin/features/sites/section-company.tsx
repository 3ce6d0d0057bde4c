import { type AdminSite, CompanyInputSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteKeys, updateCompany } from './api';
import { type CompanyDraft, CompanyFields } from './company-fields';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from './field-errors';
import { SettingsCard } from './form-fields';
import { SaveBar } from './use-section-form';

/** The site's company info (SPEC.md 3 Company info); a change shows on every site of the company. */
export function CompanySection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const queryClient = useQueryClient();
  const { id, site_count, ...initial } = site.company;
  const [draft, setDraft] = useState<CompanyDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: updateCompany,
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
    onError: (err) => setErrors(apiFieldErrors(err)),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CompanyInputSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate({ id, ...draft });
  }
  const form = { isSaving: save.isPending, isSaved, error: save.error, errors };
  return (
    <form onSubmit={submit} noValidate>
      <SettingsCard id="company" title={t('sections.company')} footer={<SaveBar form={form} id="company" />}>
        {site_count > 1 && (
          <p className="col-12 text-body-secondary mb-0">{t('company.shared', { count: site_count })}</p>
        )}
        <CompanyFields
          prefix="company"
          value={draft}
          errors={errors}
          onChange={(v) => {
            setDraft(v);
            setSaved(false);
          }}
        />
      </SettingsCard>
    </form>
  );
}
