import {
  type AdminSitePage,
  AdminSitePageSaveBodySchema,
  PAGE_TEXT_LIMITS,
  type PageTextContent,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api';
import { AdminError } from '../../components/error-text';
import { formatDateTime } from '../../lib/format';
import { type AdminSitePageTarget, removeSitePage, saveSitePage, sitePageKeys, sitePageQuery } from './api';
import { apiPageErrors, type PageFieldErrors, zodPageErrors } from './field-errors';
import { SITE_PAGES_NS } from './i18n';
import { languageName, pageName } from './names';
import type { PageTarget } from './page-table';

/** What the editor last did, for the status line. */
type Notice = 'saved' | 'restored' | 'deleted' | null;

/**
 * The editor of one page text (issue: public site): opens the site's text in that language, else
 * the shipped one, and saves, restores the shipped text or deletes a staff-only {token} page. Field
 * errors (checked with the call's schema, then the server's) read in the staff's language.
 * `publicHref` is the public page's address for the "view" link.
 */
export function PageEditor({
  siteId,
  target,
  publicHref,
  onClose,
}: {
  siteId: number;
  target: PageTarget;
  publicHref: (path: string, language: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation(SITE_PAGES_NS);
  const query = useQuery(sitePageQuery(siteId, target.slug, target.language));
  if (query.data) return <EditorForm page={query.data} publicHref={publicHref} onClose={onClose} />;
  const issues = Object.values(apiPageErrors(query.error));
  return (
    <section className="card mb-3" aria-busy={query.isPending}>
      <div className="card-body">
        {query.isPending && <p className="mb-0">{t('loading')}</p>}
        {issues.length > 0 ? <ErrorAlert>{issues.join(' ')}</ErrorAlert> : <AdminError error={query.error} />}
        {query.isError && (
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('editor.close')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The title, description and Markdown of `page` as the form edits them. */
const contentOf = (page: PageTextContent): PageTextContent => ({
  title: page.title,
  description: page.description,
  body: page.body,
});

function EditorForm({
  page,
  publicHref,
  onClose,
}: {
  page: AdminSitePage;
  publicHref: (path: string, language: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation(SITE_PAGES_NS);
  const id = useId();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [draft, setDraft] = useState(() => contentOf(page));
  const [errors, setErrors] = useState<PageFieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const target: AdminSitePageTarget = {
    site_id: page.site_id,
    slug: page.slug,
    language: page.language as AdminSitePageTarget['language'],
  };

  // Opening another page text moves the focus to its editor, which sits above the table.
  useEffect(() => heading.current?.focus(), []);

  async function settle(next: AdminSitePage, done: Notice) {
    queryClient.setQueryData(sitePageKeys.page(next.site_id, next.slug, next.language), next);
    setDraft(contentOf(next));
    setErrors({});
    setNotice(done);
    await queryClient.invalidateQueries({ queryKey: sitePageKeys.list(next.site_id) });
  }

  const save = useMutation({
    mutationFn: saveSitePage,
    onSuccess: (next) => settle(next, 'saved'),
    onError: (err) => setErrors(apiPageErrors(err)),
  });
  const remove = useMutation({
    mutationFn: () => removeSitePage(target),
    onSuccess: (next) => settle(next, next.source === 'none' ? 'deleted' : 'restored'),
    onError: (err) => setErrors(apiPageErrors(err)),
  });

  function change(field: keyof PageTextContent, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    setNotice(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = AdminSitePageSaveBodySchema.safeParse({ ...target, ...draft });
    if (!parsed.success) {
      setErrors(zodPageErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate({ ...target, ...draft });
  }

  function removeText() {
    const question = page.default ? t('editor.confirmRestore') : t('editor.confirmDelete');
    if (window.confirm(question)) remove.mutate();
  }

  const isBusy = save.isPending || remove.isPending;
  const hasFieldErrors = Object.keys(errors).length > 0;
  const actionError = [save.error, remove.error].find((err) => err && !isApiError(err, 'validation_failed'));
  const removeLabel = page.default ? 'restore' : page.kind === 'token' ? 'delete' : 'deleteText';
  const isShippedShown = page.default !== null && JSON.stringify(contentOf(page.default)) === JSON.stringify(draft);

  return (
    <section className="card mb-3" aria-labelledby={`${id}-heading`} data-testid="site-page-editor">
      <form className="card-body row g-3" onSubmit={submit} noValidate>
        <div className="col-12">
          <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="h5 mb-1">
            {t('editor.heading', { page: pageName(page.slug), language: languageName(page.language) })}
          </h2>
          <p className="small text-body-secondary mb-0">
            {t(`editor.sourceNote.${page.source}`, { date: formatDateTime(page.updated_at) })}{' '}
            {page.source !== 'none' && (
              <a href={publicHref(page.path, page.language)} target="_blank" rel="noreferrer">
                {t('editor.view', { path: page.path })}
              </a>
            )}
          </p>
        </div>
        <Field id={`${id}-title`} label={t('editor.fields.title')} error={errors.title}>
          {(props) => (
            <input
              {...props}
              lang={page.language}
              maxLength={PAGE_TEXT_LIMITS.title}
              value={draft.title}
              onChange={(e) => change('title', e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-description`}
          label={t('editor.fields.description')}
          hint={t('editor.hints.description')}
          error={errors.description}
        >
          {(props) => (
            <textarea
              {...props}
              lang={page.language}
              rows={2}
              maxLength={PAGE_TEXT_LIMITS.description}
              value={draft.description}
              onChange={(e) => change('description', e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-body`}
          label={t('editor.fields.body')}
          hint={t('editor.hints.body', { example: '{{support_email}}' })}
          error={errors.body}
        >
          {(props) => (
            <textarea
              {...props}
              lang={page.language}
              className={`${props.className} font-monospace`}
              rows={18}
              maxLength={PAGE_TEXT_LIMITS.body}
              spellCheck
              value={draft.body}
              onChange={(e) => change('body', e.target.value)}
            />
          )}
        </Field>
        <div className="col-12">
          {hasFieldErrors && <ErrorAlert>{t('editor.checkFields')}</ErrorAlert>}
          {(errors.slug || errors.language) && <ErrorAlert>{errors.slug ?? errors.language}</ErrorAlert>}
          <AdminError error={actionError} />
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <button type="submit" className="btn btn-primary" disabled={isBusy}>
              {t('editor.save')}
            </button>
            {page.default && !isShippedShown && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={isBusy}
                onClick={() => page.default && setDraft(contentOf(page.default))}
              >
                {t('editor.fillShipped')}
              </button>
            )}
            {page.source === 'site' && (
              <button type="button" className="btn btn-outline-danger" disabled={isBusy} onClick={removeText}>
                {t(`editor.${removeLabel}`)}
              </button>
            )}
            <button type="button" className="btn btn-link" onClick={onClose}>
              {t('editor.close')}
            </button>
          </div>
          <div role="status" className="mt-2 text-success">
            {notice && t(`editor.${notice}`)}
          </div>
        </div>
      </form>
    </section>
  );
}

/** The props a field's control gets: id, classes and its ARIA links to the hint and error. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled field with an optional hint and error under it; `children` renders the control. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="col-12">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: `form-control${error ? ' is-invalid' : ''}`,
        ...(error && { 'aria-invalid': true as const }),
        ...(described && { 'aria-describedby': described }),
      })}
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
