import { type AdminSite, SEARCH_FIELDS } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { errorAt } from './field-errors';
import { CheckGroup, SelectField, SettingsCard, SwitchField } from './form-fields';
import { SaveBar, useSectionForm } from './use-section-form';

const FIELDS = [
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'enable_site_entry_popup',
  'search_fields',
  'auto_approve_photos',
  'member_resell',
  'us_footer',
] as const;

/** Signups and search (SPEC.md 3, 5): who may sign up and search logged out, the search filters, entry popup, photos. */
export function SignupsSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, FIELDS);
  const { draft, set, errors } = form;
  const allNone = (field: 'logged_out_search' | 'logged_out_search_trafficsource') => (
    <SelectField
      id={`site-${field}`}
      label={t(`fields.${field}`)}
      hint={t(`hints.${field}`)}
      error={errorAt(errors, field)}
      value={draft[field]}
      options={[
        ['all', t('values.all')],
        ['none', t('values.none')],
      ]}
      onChange={(v) => set(field, v as 'all' | 'none')}
    />
  );
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="signups" title={t('sections.signups')} footer={<SaveBar form={form} id="signups" />}>
        <SelectField
          id="site-signups"
          label={t('fields.signups')}
          error={errorAt(errors, 'signups')}
          value={draft.signups}
          options={[
            ['all', t('values.signupsAll')],
            ['with_trafficsource', t('values.signupsTrafficsource')],
            ['none', t('values.signupsNone')],
          ]}
          onChange={(v) => set('signups', v as AdminSite['signups'])}
        />
        {allNone('logged_out_search')}
        {allNone('logged_out_search_trafficsource')}
        <CheckGroup
          id="site-search_fields"
          label={t('fields.search_fields')}
          error={errorAt(errors, 'search_fields')}
          options={SEARCH_FIELDS.map((f) => [f, t(`searchFields.${f}`)] as [typeof f, string])}
          value={draft.search_fields}
          onChange={(v) => set('search_fields', v)}
        />
        <SwitchField
          id="site-enable_site_entry_popup"
          label={t('fields.enable_site_entry_popup')}
          checked={draft.enable_site_entry_popup === 'yes'}
          onChange={(on) => set('enable_site_entry_popup', on ? 'yes' : 'no')}
        />
        <SwitchField
          id="site-auto_approve_photos"
          label={t('fields.auto_approve_photos')}
          checked={draft.auto_approve_photos}
          onChange={(on) => set('auto_approve_photos', on)}
        />
        <SwitchField
          id="site-member_resell"
          label={t('fields.member_resell')}
          checked={draft.member_resell}
          onChange={(on) => set('member_resell', on)}
        />
        <SwitchField
          id="site-us_footer"
          label={t('fields.us_footer')}
          checked={draft.us_footer}
          onChange={(on) => set('us_footer', on)}
        />
      </SettingsCard>
    </form>
  );
}
