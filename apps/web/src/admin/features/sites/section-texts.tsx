import { type AdminSite, SITE_TEXT_FIELDS } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-errors';
import { SelectField, SettingsCard, TextField } from './form-fields';
import { LANGUAGE_OPTIONS } from './options';
import { SaveBar, useSectionForm } from './use-section-form';

const FIELDS = ['texts'] as const;
type TextKey = (typeof SITE_TEXT_FIELDS)[number];
const MAX: Record<TextKey, number> = {
  index_title: 200,
  description: 1000,
  fictional_singular: 60,
  fictional_plural: 60,
  fictional_warning: 300,
};

/**
 * The site's texts per language (DECISIONS.md Languages): title, description and the fictional label's
 * texts in each language the site offers; an empty one shows the Dutch text (the columns above).
 */
export function TextsSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, FIELDS);
  const { draft, set, errors } = form;
  const offered = LANGUAGE_OPTIONS.filter(([code]) => code !== 'nl' && site.languages.includes(code));
  const [lng, setLng] = useState<string>(offered[0]?.[0] ?? 'en');
  const texts = draft.texts as Record<string, Record<string, string> | undefined>;
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="texts" title={t('sections.texts')} footer={<SaveBar form={form} id="texts" />}>
        <p className="col-12 text-body-secondary mb-0">{t('hints.texts')}</p>
        <SelectField id="texts-language" label={t('textsLanguage')} value={lng} options={offered} onChange={setLng} />
        <div className="col-12" />
        {SITE_TEXT_FIELDS.map((field) => (
          <TextField
            key={`${lng}-${field}`}
            id={`text-${lng}-${field}`}
            className="col-12"
            label={t(`fields.${field}`)}
            hint={t('hints.dutch', { text: site[field] })}
            error={errorAt(errors, `texts/${field}/${lng}`)}
            maxLength={MAX[field]}
            value={texts[field]?.[lng] ?? ''}
            onChange={(v) => set('texts', { ...draft.texts, [field]: { ...texts[field], [lng]: v } })}
          />
        ))}
      </SettingsCard>
    </form>
  );
}
