import { type AdminFictionalDetail, adminFictionalCalls } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { call } from '../../lib/api';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { sitesQuery } from '../components/site-select';
import { CopyForm } from '../features/fictional/copy-form';
import { FictionalBadge } from '../features/fictional/fictional-badge';
import {
  createBody,
  emptyValues,
  type FictionalFormValues,
  updateBody,
  valuesOf,
} from '../features/fictional/form-values';
import { PhotoManager } from '../features/fictional/photo-manager';
import { ProfileForm } from '../features/fictional/profile-form';
import { fictionalKeys, fictionalQuery, fictionalSiteQuery } from '../features/fictional/queries';
import { Section } from '../features/members/section';
import { formatDateTime } from '../lib/format';
import { useStaff } from '../lib/session';

/** A new fictional profile: the site (one of the staff's), then every field; opens the editor when made. */
function CreateProfile() {
  const { t } = useTranslation('admin-fictional');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: sites = [] } = useQuery(sitesQuery);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const siteId = chosen ?? sites[0]?.id;
  const site = useQuery({ ...fictionalSiteQuery(siteId ?? 0), enabled: siteId !== undefined });
  const initial = useMemo(() => emptyValues(site.data?.countries[0] ?? ''), [site.data]);
  const create = useMutation({
    mutationFn: (values: FictionalFormValues) =>
      call(adminFictionalCalls.create, { body: createBody(siteId ?? 0, values) }),
    onSuccess: (made) => {
      queryClient.setQueryData(fictionalKeys.detail(made.profile.id), made);
      void queryClient.invalidateQueries({ queryKey: [...fictionalKeys.all, 'list'] });
      navigate(`/fictional/${made.profile.id}`, { replace: true, state: { created: true } });
    },
  });
  return (
    <>
      <PageTitle actions={<Link to="/fictional">{t('detail.back')}</Link>}>{t('detail.createTitle')}</PageTitle>
      <p>
        <FictionalBadge icon={site.data?.label.fictional_icon} warning={site.data?.label.fictional_warning} />
      </p>
      <Section id="profile" title={t('detail.profile')}>
        <div className="mb-3" style={{ maxWidth: '28rem' }}>
          <label className="form-label" htmlFor="fictional-site">
            {t('fields.site')}
          </label>
          <select
            id="fictional-site"
            className="form-select"
            value={siteId ?? ''}
            aria-describedby="fictional-site-hint"
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.domain})
              </option>
            ))}
          </select>
          <div id="fictional-site-hint" className="form-text">
            {t('form.siteHint')}
          </div>
        </div>
        <AdminError error={site.error} />
        {site.data ? (
          <ProfileForm
            site={site.data}
            initial={initial}
            submitLabel={t('form.create')}
            pending={create.isPending}
            error={create.error}
            onSubmit={(values) => create.mutate(values)}
          />
        ) : (
          !site.error && <p role="status">{t('admin:common.loading')}</p>
        )}
      </Section>
    </>
  );
}

/** The editor of a stored fictional profile: its fields, photos and the copy to another site. */
function EditProfile({ detail }: { detail: AdminFictionalDetail }) {
  const { t } = useTranslation('admin-fictional');
  const { role } = useStaff();
  const location = useLocation();
  const queryClient = useQueryClient();
  const isAdmin = role === 'admin';
  const p = detail.profile;
  const site = useQuery(fictionalSiteQuery(p.site_id));
  const initial = useMemo(() => valuesOf(detail), [detail]);
  const [saved, setSaved] = useState(false);
  const update = useMutation({
    mutationFn: (values: FictionalFormValues) =>
      call(adminFictionalCalls.update, { body: updateBody(p.id, initial, values) }),
    onSuccess: (after) => {
      queryClient.setQueryData(fictionalKeys.detail(p.id), after);
      void queryClient.invalidateQueries({ queryKey: [...fictionalKeys.all, 'list'] });
      setSaved(true);
    },
  });
  const state = location.state as { created?: boolean; copiedFrom?: number } | null;
  return (
    <>
      <PageTitle actions={<Link to="/fictional">{t('detail.back')}</Link>}>{`${p.name} · #${p.id}`}</PageTitle>
      <div className="mb-3">
        <FictionalBadge icon={detail.label.fictional_icon} warning={detail.label.fictional_warning} />
        <p className="small text-body-secondary mb-0 mt-1">
          {t('detail.facts', {
            site: `${p.site_name} (${p.site_domain})`,
            conversations: detail.conversations,
            waiting: detail.waiting_conversations,
            created: formatDateTime(p.created_at),
          })}
          {detail.persona.created_by && ` · ${t('detail.createdBy', { name: detail.persona.created_by })}`}
        </p>
      </div>
      {(state?.created || state?.copiedFrom) && (
        <p className="alert alert-success py-2" role="status">
          {state.created ? t('detail.created') : t('detail.copied', { id: state.copiedFrom })}
        </p>
      )}
      <Section id="profile" title={t('detail.profile')}>
        {!isAdmin && <p className="text-body-secondary">{t('detail.readOnly')}</p>}
        <AdminError error={site.error} />
        {site.data && (
          <ProfileForm
            site={site.data}
            initial={initial}
            submitLabel={t('form.save')}
            pending={update.isPending}
            error={update.error}
            readOnly={!isAdmin}
            onSubmit={(values) => {
              setSaved(false);
              update.mutate(values);
            }}
          />
        )}
        <p role="status" className="mt-2 mb-0 text-success">
          {saved && !update.isPending ? t('form.saved') : ''}
        </p>
      </Section>
      <PhotoManager detail={detail} canEdit={isAdmin} />
      {isAdmin && <CopyForm detail={detail} />}
    </>
  );
}

/** One fictional profile (/admin/fictional/:id; `new` creates one): every field, photos, persona, niches, copy. */
export function Component() {
  const { t } = useTranslation('admin-fictional');
  const param = useParams().id ?? '';
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...fictionalQuery(id), enabled: valid });
  if (param === 'new') return <CreateProfile />;
  if (!valid || query.isError) {
    return (
      <>
        <PageTitle>{t('detail.title')}</PageTitle>
        <AdminError error={query.error ?? new Error('not_found')} />
        <Link to="/fictional">{t('detail.back')}</Link>
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        <PageTitle>{t('detail.title')}</PageTitle>
        <p role="status">{t('admin:common.loading')}</p>
      </>
    );
  }
  // A new key per profile: a copy opens with a fresh form and no "saved" note.
  return <EditProfile key={query.data.profile.id} detail={query.data} />;
}
