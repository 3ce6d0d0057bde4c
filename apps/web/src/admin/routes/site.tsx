import { type AdminSite, MAX_LANDER_MEDIA_URL, MAX_SITE_TAGS, SITE_TAG_KINDS, type SiteTagKind } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { SitePagesLink } from '../features/site-pages/site-pages-link';
import { siteKeys, siteQuery, updateSite } from '../features/sites/api';
import { errorAt } from '../features/sites/field-errors';
import { SelectField, SettingsCard, TextField } from '../features/sites/form-fields';
import { CompanySection } from '../features/sites/section-company';
import { FictionalSection } from '../features/sites/section-fictional';
import { GeneralSection } from '../features/sites/section-general';
import { LookSection } from '../features/sites/section-look';
import { MoneySection } from '../features/sites/section-money';
import { ProfileFieldsSection } from '../features/sites/section-profile';
import { SignupsSection } from '../features/sites/section-signups';
import { TextsSection } from '../features/sites/section-texts';
import { SaveBar, useSectionForm } from '../features/sites/use-section-form';

/** The editor's sections, in page order (ids of the jump links). */
const SECTIONS = [
  'general',
  'look',
  'signups',
  'money',
  'fictional',
  'profile',
  'texts',
  'tags',
  'video',
  'company',
] as const;

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
      <SitePagesLink siteId={site.id} />
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
      <TagsSection site={site} />
      <VideoSection site={site} />
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

type Tag = NonNullable<AdminSite['tags']>[number];

/**
 * The site's third-party tags (issue: public site, consent): per tag its kind and the https address of
 * its script, at most MAX_SITE_TAGS. Visitors' browsers load a tag only after they allow its cookie
 * category; the site's Content-Security-Policy allows the tags' origins.
 */
function TagsSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, ['tags'] as const);
  const { errors } = form;
  const tags = form.draft.tags ?? [];
  const change = (next: Tag[]) => form.set('tags', next);
  const listError = errors.tags;
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="tags" title={t('sections.tags')} footer={<SaveBar form={form} id="tags" />}>
        <p className="col-12 form-text mt-0" id="tags-hint">
          {t('tags.hint', { max: MAX_SITE_TAGS })}
        </p>
        {listError && <div className="col-12 invalid-feedback d-block">{listError}</div>}
        {tags.length === 0 && <p className="col-12 mb-0">{t('tags.none')}</p>}
        {tags.map((tag, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tags have no id; a row's place is its identity while editing
          <fieldset className="col-12" key={i} data-testid="site-tag">
            <legend className="visually-hidden">{t('tags.row', { n: i + 1 })}</legend>
            <div className="row g-2 align-items-end">
              <SelectField
                id={`tag-${i}-kind`}
                className="col-12 col-md-4"
                label={t('tags.kind')}
                error={errorAt(errors, `tags/${i}/kind`)}
                value={tag.kind}
                options={SITE_TAG_KINDS.map((kind) => [kind, t(`tags.kinds.${kind}`)] as [string, string])}
                onChange={(v) => change(tags.map((x, j) => (j === i ? { ...x, kind: v as SiteTagKind } : x)))}
              />
              <TextField
                id={`tag-${i}-src`}
                className="col-12 col-md-6"
                type="url"
                maxLength={500}
                label={t('tags.src')}
                error={errorAt(errors, `tags/${i}/src`)}
                value={tag.src}
                onChange={(v) => change(tags.map((x, j) => (j === i ? { ...x, src: v } : x)))}
              />
              <div className="col-12 col-md-2">
                <button
                  type="button"
                  className="btn btn-outline-danger w-100"
                  onClick={() => change(tags.filter((_, j) => j !== i))}
                >
                  {t('tags.remove', { n: i + 1 })}
                </button>
              </div>
            </div>
          </fieldset>
        ))}
        <div className="col-12">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={tags.length >= MAX_SITE_TAGS}
            onClick={() => change([...tags, { kind: 'analytics', src: '' }])}
          >
            {t('tags.add')}
          </button>
        </div>
      </SettingsCard>
    </form>
  );
}

/**
 * The video landers' clip (issue: public site): the address of the video (.webm or .mp4) and of the
 * poster shown until the visitor presses play, each a path on the site or an https address; both or
 * neither (neither plays the shipped demo clip). The site's Content-Security-Policy allows the origin
 * of an https address. The server names a video without poster (or the reverse) as a field error.
 */
function VideoSection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, ['lander_video_url', 'lander_video_poster'] as const);
  const { draft, errors } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="video" title={t('sections.video')} footer={<SaveBar form={form} id="video" />}>
        <p className="col-12 form-text mt-0">{t('video.hint')}</p>
        <TextField
          id="site-lander-video-url"
          label={t('fields.lander_video_url')}
          hint={t('video.videoHint')}
          error={errorAt(errors, 'lander_video_url')}
          value={draft.lander_video_url ?? ''}
          maxLength={MAX_LANDER_MEDIA_URL}
          onChange={(v) => form.set('lander_video_url', v)}
        />
        <TextField
          id="site-lander-video-poster"
          label={t('fields.lander_video_poster')}
          hint={t('video.posterHint')}
          error={errorAt(errors, 'lander_video_poster')}
          value={draft.lander_video_poster ?? ''}
          maxLength={MAX_LANDER_MEDIA_URL}
          onChange={(v) => form.set('lander_video_poster', v)}
        />
      </SettingsCard>
    </form>
  );
}
