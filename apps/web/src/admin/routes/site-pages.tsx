import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { AddPageForm } from '../features/site-pages/add-page-form';
import { sitePageListQuery } from '../features/site-pages/api';
import { SITE_PAGES_NS } from '../features/site-pages/i18n';
import { PageEditor } from '../features/site-pages/page-editor';
import { PageTable, type PageTarget } from '../features/site-pages/page-table';
import { siteQuery } from '../features/sites/api';

/**
 * The public pages' texts of one site (issue: public site; admins): the legal and {token} pages × the
 * site's languages with the source of each text, and the editor of one of them (kept in the address
 * bar: ?slug=&language=). The shipped text is the default; staff may add {token} pages.
 */
export function Component() {
  const { t } = useTranslation(SITE_PAGES_NS);
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const [isAdding, setAdding] = useState(false);
  const site = useQuery({ ...siteQuery(id), enabled: isValidId });
  const list = useQuery({ ...sitePageListQuery(id), enabled: isValidId });
  const slug = params.get('slug');
  const language = params.get('language');
  const target: PageTarget | null = slug && language ? { slug, language } : null;
  const title = site.data ? t('titleOf', { site: site.data.name }) : t('title');

  const open = (next: PageTarget) => {
    setAdding(false);
    setParams({ slug: next.slug, language: next.language });
  };
  // The public page on the site's own address; on the back office's host when that is the site's domain.
  const publicHref = (path: string, lng: string) => {
    const here = window.location.hostname === site.data?.domain;
    const origin = here ? '' : (site.data?.public_url ?? `https://${site.data?.domain ?? window.location.host}`);
    return `${origin}${path}?lang=${lng}`;
  };

  return (
    <>
      <PageTitle
        actions={
          list.data &&
          !isAdding && (
            <button type="button" className="btn btn-outline-primary" onClick={() => setAdding(true)}>
              {t('add.open')}
            </button>
          )
        }
      >
        {title}
      </PageTitle>
      <p className="text-body-secondary">
        {t('intro')} <Link to={`/sites/${id}`}>{t('back')}</Link>
      </p>
      <AdminError error={list.error} />
      {list.isPending && isValidId && <p>{t('loading')}</p>}
      {list.data && isAdding && (
        <AddPageForm languages={list.data.languages} onOpen={open} onCancel={() => setAdding(false)} />
      )}
      {target && (
        <PageEditor
          key={`${target.slug}/${target.language}`}
          siteId={id}
          target={target}
          publicHref={publicHref}
          onClose={() => setParams({})}
        />
      )}
      {list.data && <PageTable list={list.data} selected={target} />}
    </>
  );
}
