import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { siteListQuery } from '../features/sites/api';
import { SiteCreateForm } from '../features/sites/site-create-form';
import { SiteTable } from '../features/sites/site-table';

/**
 * Sites (issue: back office II; admins): every site with its company, niche, languages and members,
 * and the form of a new site, which opens the new site's editor once made. Other roles get the
 * server's 403 forbidden as the error.
 */
export function Component() {
  const { t } = useTranslation('admin-sites');
  const navigate = useNavigate();
  const list = useQuery(siteListQuery);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageTitle
        actions={
          list.data &&
          !creating && (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              {t('create')}
            </button>
          )
        }
      >
        {t('title')}
      </PageTitle>
      <AdminError error={list.error} />
      {creating && (
        <SiteCreateForm
          onCreated={(id) => navigate(`/sites/${id}`, { state: { created: true } })}
          onCancel={() => setCreating(false)}
        />
      )}
      {list.isPending && <p>{t('loading')}</p>}
      {list.data && <SiteTable sites={list.data} />}
    </>
  );
}
