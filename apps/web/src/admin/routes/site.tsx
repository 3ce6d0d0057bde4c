import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { siteKeys, siteQuery, updateSite } from '../features/sites/api';
import { CompanySection } from '../features/sites/section-company';
import { FictionalSection } from '../features/sites/section-fictional';
import { GeneralSection } from '../features/sites/section-general';
import { LookSection } from '../features/sites/section-look';
import { MoneySection } from '../features/sites/section-money';
import { ProfileFieldsSection } from '../features/sites/section-profile';
import { SignupsSection } from '../features/sites/section-signups';
import { TextsSection } from '../features/sites/section-texts';

/** The editor's sections, in page order (ids of the jump links). */
const SECTIONS = ['general', 'look', 'signups', 'money', 'fictional', 'profile', 'texts', 'company'] as const;

/**
 * One site's settings (issue: back office II; admins): every setting of SPEC.md 3 in sections, each
 * saved on its own; a saved change reaches members on every server instance at once.
 */
export function Component() {
  const { t } = useTranslation('admin-sites');
  const id = Number(useParams().id);
  const isCreated = Boolean((useLocation().state as { created?: boolean } | null)?.created);
  const query = useQuery({ ...siteQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (!query.data) {
    return (
      <>
        <PageTitle>{t('editTitle')}</PageTitle>
        <AdminError error={query.error} />
        {query.isPending && <p>{t('loading')}</p>}
        <Link to="/sites">{t('back')}</Link>
      </>
    );
  }
  const site = query.data;
  return (
    <>
      <PageTitle actions={<DefaultButton siteId={site.id} isDefault={site.is_default} />}>{site.name}</PageTitle>
      {isCreated && (
        <div className="alert alert-success" role="status">
          {t('created', { domain: site.domain })}
        </div>
      )}
      <p className="text-body-secondary">
        {t('summary', { domain: site.domain, count: site.member_count })} <Link to="/sites">{t('back')}</Link>
      </p>
      <nav aria-label={t('sectionsNav')} className="mb-3">
        <ul className="nav nav-pills flex-wrap gap-1">
          {SECTIONS.map((s) => (
            <li className="nav-item" key={s}>
              <a className="nav-link py-1 px-2" href={`#${s}`}>
                {t(`sections.${s}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <GeneralSection site={site} />
      <LookSection site={site} />
      <SignupsSection site={site} />
      <MoneySection site={site} />
      <FictionalSection site={site} />
      <ProfileFieldsSection site={site} />
      <TextsSection site={site} />
      <CompanySection key={site.company.id} site={site} />
    </>
  );
}

/** "Make default": moves the default to this site (unknown hosts are served it); a badge once it is. */
function DefaultButton({ siteId, isDefault }: { siteId: number; isDefault: boolean }) {
  const { t } = useTranslation('admin-sites');
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: () => updateSite({ id: siteId, is_default: true }),
    onSuccess: async (next) => {
      queryClient.setQueryData(siteKeys.detail(siteId), next);
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
  if (isDefault) return <span className="badge text-bg-secondary">{t('default')}</span>;
  return (
    <div>
      <button type="button" className="btn btn-outline-primary" disabled={move.isPending} onClick={() => move.mutate()}>
        {t('makeDefault')}
      </button>
      <AdminError error={move.error} />
    </div>
  );
}
