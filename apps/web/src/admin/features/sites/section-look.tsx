import { type AdminSite, MAX_LOGO_BYTES } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage } from '../../components/error-text';
import { setSiteLogo, siteKeys } from './api';
import { ColorField } from './color-field';
import { errorAt } from './field-errors';
import { SettingsCard } from './form-fields';
import { SaveBar, useSectionForm } from './use-section-form';

/** The theme's colours (apps/web/src/styles/theme.scss), shown while a site keeps them. */
export const THEME_COLORS = { primary: '#cd3c37', secondary: '#6d1a36' } as const;

/** The site's look: its colours (saved with the section) and its logo (uploaded or removed at once). */
export function LookSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, ['colors'] as const);
  const { draft, set, errors } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="look" title={t('sections.look')} footer={<SaveBar form={form} id="look" />}>
        <LogoField site={site} />
        <ColorField
          id="site-color-primary"
          label={t('fields.colorPrimary')}
          value={draft.colors.primary}
          fallback={THEME_COLORS.primary}
          error={errorAt(errors, 'colors/primary')}
          onChange={(v) => set('colors', { ...draft.colors, primary: v })}
        />
        <ColorField
          id="site-color-secondary"
          label={t('fields.colorSecondary')}
          value={draft.colors.secondary}
          fallback={THEME_COLORS.secondary}
          error={errorAt(errors, 'colors/secondary')}
          onChange={(v) => set('colors', { ...draft.colors, secondary: v })}
        />
      </SettingsCard>
    </form>
  );
}

/** The logo: the current one (or the name as text), a file to upload, and a remove button. */
function LogoField({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const id = useId();
  const queryClient = useQueryClient();
  const [tooLarge, setTooLarge] = useState(false);
  const logo = useMutation({
    mutationFn: (file: File | null) => setSiteLogo(site.id, file),
    onSuccess: async (next) => {
      queryClient.setQueryData(siteKeys.detail(site.id), next);
      await queryClient.invalidateQueries({ queryKey: siteKeys.list });
    },
  });
  return (
    <div className="col-12">
      <p className="form-label mb-1">{t('fields.logo')}</p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        {site.logo_url ? (
          <img src={site.logo_url} alt={t('look.logoAlt', { name: site.name })} style={{ maxHeight: 48 }} />
        ) : (
          <span className="fw-bold">{t('look.noLogo', { name: site.name })}</span>
        )}
        {site.logo_url && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={logo.isPending}
            onClick={() => logo.mutate(null)}
          >
            {t('look.removeLogo')}
          </button>
        )}
      </div>
      <label className="form-label" htmlFor={id}>
        {t('look.uploadLogo')}
      </label>
      <input
        id={id}
        type="file"
        className="form-control"
        accept="image/png,image/jpeg,image/webp"
        aria-describedby={`${id}-hint`}
        disabled={logo.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setTooLarge(file.size > MAX_LOGO_BYTES);
          if (file.size <= MAX_LOGO_BYTES) logo.mutate(file);
        }}
      />
      <div id={`${id}-hint`} className="form-text">
        {t('look.logoHint', { kb: MAX_LOGO_BYTES / 1024 })}
      </div>
      {tooLarge && <ErrorAlert>{t('issues.logo_too_large')}</ErrorAlert>}
      {logo.error ? <ErrorAlert>{errorMessage(logo.error)}</ErrorAlert> : null}
      <span role="status" className="visually-hidden">
        {logo.isSuccess ? t('saved') : ''}
      </span>
    </div>
  );
}
