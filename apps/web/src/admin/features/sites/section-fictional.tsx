import type { AdminSite } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-errors';
import { SettingsCard, TextField } from './form-fields';
import { SaveBar, useSectionForm } from './use-section-form';

const FIELDS = ['fictional_icon', 'fictional_warning', 'fictional_singular', 'fictional_plural'] as const;

/** The fictional label (DECISIONS.md: always shown, never empty): icon, warning, singular and plural (nl). */
export function FictionalSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, FIELDS);
  const { draft, set, errors } = form;
  const max = { fictional_icon: 16, fictional_warning: 300, fictional_singular: 60, fictional_plural: 60 };
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="fictional" title={t('sections.fictional')} footer={<SaveBar form={form} id="fictional" />}>
        <p className="col-12 text-body-secondary mb-0">{t('hints.fictional')}</p>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`site-${field}`}
            label={t(`fields.${field}`)}
            error={errorAt(errors, field)}
            className={field === 'fictional_warning' ? 'col-12' : 'col-12 col-md-4'}
            maxLength={max[field]}
            required
            value={draft[field]}
            onChange={(v) => set(field, v)}
          />
        ))}
      </SettingsCard>
    </form>
  );
}
