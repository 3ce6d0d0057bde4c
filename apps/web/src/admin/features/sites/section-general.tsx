import { type AdminSite, REQUIRED_SITE_LANGUAGES } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-errors';
import { CheckGroup, SelectField, SettingsCard, TextArea, TextField } from './form-fields';
import { domainLanguageOptions, LANGUAGE_OPTIONS, nicheOptions, parseCodes } from './options';
import { SaveBar, useSectionForm } from './use-section-form';

const FIELDS = [
  'name',
  'domain',
  'public_url',
  'niche',
  'languages',
  'domain_language',
  'countries',
  'index_title',
  'description',
  'support_email',
  'support_phone',
  'mail_name',
  'cdn_prefix',
] as const;

/** General settings (SPEC.md 3): name, domain, languages, countries, title, description, support, mail name, CDN. */
export function GeneralSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, FIELDS);
  const { draft, set, errors } = form;
  const [countries, setCountries] = useState(site.countries.join(', '));
  const text = (
    field: (typeof FIELDS)[number] & keyof typeof draft,
    extra: { type?: 'email' | 'url'; max?: number } = {},
  ) => (
    <TextField
      id={`site-${field}`}
      label={t(`fields.${field}`)}
      hint={t(`hints.${field}`, { defaultValue: '' }) || undefined}
      error={errorAt(errors, field)}
      type={extra.type}
      maxLength={extra.max}
      value={(draft[field] as string | null) ?? ''}
      onChange={(v) => set(field, v as never)}
    />
  );
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="general" title={t('sections.general')} footer={<SaveBar form={form} id="general" />}>
        {text('name', { max: 100 })}
        {text('domain', { max: 253 })}
        {text('public_url', { type: 'url', max: 200 })}
        <SelectField
          id="site-niche"
          label={t('fields.niche')}
          error={errorAt(errors, 'niche')}
          value={String(draft.niche)}
          options={nicheOptions(t)}
          onChange={(v) => set('niche', Number(v))}
        />
        <CheckGroup
          id="site-languages"
          label={t('fields.languages')}
          hint={t('hints.languages')}
          error={errorAt(errors, 'languages')}
          options={LANGUAGE_OPTIONS}
          value={draft.languages}
          locked={REQUIRED_SITE_LANGUAGES}
          onChange={(v) => set('languages', v)}
        />
        <SelectField
          id="site-domain_language"
          label={t('fields.domain_language')}
          error={errorAt(errors, 'domain_language')}
          value={draft.domain_language}
          options={domainLanguageOptions(draft.languages, draft.domain_language)}
          onChange={(v) => set('domain_language', v)}
        />
        <TextField
          id="site-countries"
          label={t('fields.countries')}
          hint={t('hints.countries')}
          error={errorAt(errors, 'countries')}
          value={countries}
          onChange={(v) => {
            setCountries(v);
            set('countries', parseCodes(v));
          }}
        />
        {text('index_title', { max: 200 })}
        <TextArea
          id="site-description"
          label={t('fields.description')}
          error={errorAt(errors, 'description')}
          maxLength={1000}
          value={draft.description}
          onChange={(v) => set('description', v)}
        />
        {text('support_email', { type: 'email', max: 254 })}
        {text('support_phone', { max: 30 })}
        {text('mail_name', { max: 100 })}
        {text('cdn_prefix', { max: 200 })}
      </SettingsCard>
    </form>
  );
}
