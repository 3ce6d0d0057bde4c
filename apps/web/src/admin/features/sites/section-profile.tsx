import { type AdminSite, PROFILE_FIELDS } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-errors';
import { CheckGroup, SettingsCard, TextField } from './form-fields';
import { SaveBar, useSectionForm } from './use-section-form';

const FIELDS = ['visible_profile_fields', 'visible_profile_notes'] as const;

/** Profile fields (SPEC.md 3): which fields profiles show and edit, and a note (nl) per field. */
export function ProfileFieldsSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, FIELDS);
  const { draft, set, errors } = form;
  const label = (field: string) => t(`profileFields.${field}`);
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="profile" title={t('sections.profile')} footer={<SaveBar form={form} id="profile" />}>
        <CheckGroup
          id="site-visible_profile_fields"
          label={t('fields.visible_profile_fields')}
          error={errorAt(errors, 'visible_profile_fields')}
          options={PROFILE_FIELDS.map((f) => [f, label(f)] as [typeof f, string])}
          value={draft.visible_profile_fields}
          onChange={(v) => set('visible_profile_fields', v)}
        />
        <h3 className="col-12 h6 mb-0">{t('fields.visible_profile_notes')}</h3>
        <p className="col-12 form-text mt-0">{t('hints.visible_profile_notes')}</p>
        {draft.visible_profile_fields.map((field) => (
          <TextField
            key={field}
            id={`site-note-${field}`}
            label={label(field)}
            error={errorAt(errors, `visible_profile_notes/${field}`)}
            maxLength={300}
            value={draft.visible_profile_notes[field] ?? ''}
            onChange={(v) => set('visible_profile_notes', { ...draft.visible_profile_notes, [field]: v })}
          />
        ))}
      </SettingsCard>
    </form>
  );
}
