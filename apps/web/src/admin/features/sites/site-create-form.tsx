import { AdminSiteCreateBodySchema, REQUIRED_SITE_LANGUAGES } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage } from '../../components/error-text';
import { companiesQuery, createSite, type NewSite, setSiteLogo, siteKeys } from './api';
import { ColorField } from './color-field';
import { type CompanyDraft, CompanyFields, EMPTY_COMPANY } from './company-fields';
import { apiFieldErrors, errorAt, type FieldErrors, zodFieldErrors } from './field-errors';
import { CheckGroup, SelectField, TextField } from './form-fields';
import { domainLanguageOptions, LANGUAGE_OPTIONS, nicheOptions } from './options';
import { THEME_COLORS } from './section-look';

const NEW_COMPANY = 'new';

/**
 * The form of a new site (issue: back office II): domain, name, languages, domain language, niche,
 * company (an existing one or a new one with every field), colours and a logo. Checked with the
 * call's own schema first; on success the logo is uploaded and `onCreated` gets the new site's id.
 */
export function SiteCreateForm({ onCreated, onCancel }: { onCreated: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation('admin-sites');
  const queryClient = useQueryClient();
  const companies = useQuery(companiesQuery);
  const [domain, setDomain] = useState('');
  const [name, setName] = useState('');
  const [publicUrl, setPublicUrl] = useState('');
  const [languages, setLanguages] = useState<NewSite['languages']>([...REQUIRED_SITE_LANGUAGES]);
  const [domainLanguage, setDomainLanguage] = useState('nl-NL');
  const [niche, setNiche] = useState(1);
  const [companyChoice, setCompanyChoice] = useState('');
  const [company, setCompany] = useState<CompanyDraft>(EMPTY_COMPANY);
  const [colors, setColors] = useState<{ primary: string | null; secondary: string | null }>({
    primary: null,
    secondary: null,
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation({
    mutationFn: async (body: NewSite) => {
      const site = await createSite(body);
      // The site exists; a refused logo is shown on its screen, where it can be sent again.
      if (logo) await setSiteLogo(site.id, logo).catch(() => undefined);
      return site;
    },
    onSuccess: async (site) => {
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      onCreated(site.id);
    },
    onError: (err) => setErrors(apiFieldErrors(err)),
  });
  const choice = companyChoice || (companies.data?.[0] ? String(companies.data[0].id) : NEW_COMPANY);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: NewSite = {
      domain,
      name,
      public_url: publicUrl || null,
      languages,
      domain_language: domainLanguage,
      niche,
      colors,
      ...(choice === NEW_COMPANY ? { company } : { company_id: Number(choice) }),
    };
    const parsed = AdminSiteCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(body);
  }

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <form className="card card-body mb-4" onSubmit={submit} aria-labelledby="site-create-title" noValidate>
      <h2 className="h5" id="site-create-title">
        {t('create')}
      </h2>
      <p className="text-body-secondary">{t('createHint')}</p>
      <div className="row g-3">
        <TextField
          id="new-site-domain"
          label={t('fields.domain')}
          hint={t('hints.domain')}
          error={errorAt(errors, 'domain')}
          value={domain}
          maxLength={253}
          onChange={setDomain}
          required
        />
        <TextField
          id="new-site-name"
          label={t('fields.name')}
          error={errorAt(errors, 'name')}
          value={name}
          maxLength={100}
          onChange={setName}
          required
        />
        <TextField
          id="new-site-public_url"
          type="url"
          label={t('fields.public_url')}
          hint={t('hints.public_url')}
          error={errorAt(errors, 'public_url')}
          value={publicUrl}
          maxLength={200}
          onChange={setPublicUrl}
        />
        <SelectField
          id="new-site-niche"
          label={t('fields.niche')}
          error={errorAt(errors, 'niche')}
          value={String(niche)}
          options={nicheOptions(t)}
          onChange={(v) => setNiche(Number(v))}
        />
        <CheckGroup
          id="new-site-languages"
          label={t('fields.languages')}
          hint={t('hints.languages')}
          error={errorAt(errors, 'languages')}
          options={LANGUAGE_OPTIONS}
          value={languages}
          locked={REQUIRED_SITE_LANGUAGES}
          onChange={setLanguages}
        />
        <SelectField
          id="new-site-domain_language"
          label={t('fields.domain_language')}
          error={errorAt(errors, 'domain_language')}
          value={domainLanguage}
          options={domainLanguageOptions(languages, domainLanguage)}
          onChange={setDomainLanguage}
        />
        <SelectField
          id="new-site-company"
          label={t('fields.company')}
          error={errorAt(errors, 'company_id')}
          value={choice}
          options={[
            ...(companies.data ?? []).map((c) => [String(c.id), c.name] as [string, string]),
            [NEW_COMPANY, t('newCompany')],
          ]}
          onChange={setCompanyChoice}
        />
        {choice === NEW_COMPANY && (
          <fieldset className="col-12 row g-3 mx-0 px-0">
            <legend className="h6">{t('newCompany')}</legend>
            <CompanyFields
              prefix="new-company"
              errorPrefix="company/"
              value={company}
              errors={errors}
              onChange={setCompany}
            />
          </fieldset>
        )}
        <ColorField
          id="new-site-primary"
          label={t('fields.colorPrimary')}
          value={colors.primary}
          fallback={THEME_COLORS.primary}
          error={errorAt(errors, 'colors/primary')}
          onChange={(v) => setColors({ ...colors, primary: v })}
        />
        <ColorField
          id="new-site-secondary"
          label={t('fields.colorSecondary')}
          value={colors.secondary}
          fallback={THEME_COLORS.secondary}
          error={errorAt(errors, 'colors/secondary')}
          onChange={(v) => setColors({ ...colors, secondary: v })}
        />
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor="new-site-logo">
            {t('fields.logo')}
          </label>
          <input
            id="new-site-logo"
            type="file"
            className="form-control"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby="new-site-logo-hint"
            onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
          />
          <div id="new-site-logo-hint" className="form-text">
            {t('look.logoHint', { kb: 512 })}
          </div>
        </div>
      </div>
      {hasFieldErrors && <ErrorAlert className="mt-3">{t('checkFields')}</ErrorAlert>}
      {!hasFieldErrors && create.error ? <ErrorAlert className="mt-3">{errorMessage(create.error)}</ErrorAlert> : null}
      {companies.error ? <ErrorAlert className="mt-3">{errorMessage(companies.error)}</ErrorAlert> : null}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button className="btn btn-primary" type="submit" disabled={create.isPending}>
          {t('createSubmit')}
        </button>
        <button className="btn btn-outline-secondary" type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
