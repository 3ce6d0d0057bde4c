import { isLegalPageSlug, pageSlugIssue } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageIssueText } from './field-errors';
import { SITE_PAGES_NS } from './i18n';
import { languageName } from './names';
import type { PageTarget } from './page-table';

/** Why `token` cannot name a new {token} page, as a catalogue key, or null. */
function tokenIssue(token: string): string | null {
  if (token === '') return 'required';
  if (isLegalPageSlug(token)) return 'page_token_reserved';
  return pageSlugIssue(token);
}

/**
 * "Add page": the address of a new {token} page (contracts isValidPageToken, checked here and again
 * by the server) and its first language; `onOpen` opens its editor, where saving creates the page.
 */
export function AddPageForm({
  languages,
  onOpen,
  onCancel,
}: {
  languages: readonly string[];
  onOpen: (target: PageTarget) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(SITE_PAGES_NS);
  const id = useId();
  const [token, setToken] = useState('');
  const [language, setLanguage] = useState(languages[0] ?? 'nl');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const slug = token.trim().toLowerCase();
    const issue = tokenIssue(slug);
    if (issue) {
      setError(pageIssueText(issue));
      return;
    }
    onOpen({ slug, language });
  }

  return (
    <form className="card mb-3" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <div className="card-body row g-3">
        <h2 id={`${id}-title`} className="h5 col-12 mb-0">
          {t('add.title')}
        </h2>
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor={`${id}-token`}>
            {t('add.token')}
          </label>
          <div className={`input-group${error ? ' has-validation' : ''}`}>
            <span className="input-group-text" aria-hidden="true">
              /
            </span>
            <input
              id={`${id}-token`}
              className={`form-control${error ? ' is-invalid' : ''}`}
              value={token}
              maxLength={49}
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-token-hint${error ? ` ${id}-token-error` : ''}`}
              onChange={(e) => {
                setToken(e.target.value);
                setError(null);
              }}
            />
          </div>
          <div id={`${id}-token-hint`} className="form-text">
            {t('add.tokenHint')}
          </div>
          {error && (
            <div id={`${id}-token-error`} className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor={`${id}-language`}>
            {t('add.language')}
          </label>
          <select
            id={`${id}-language`}
            className="form-select"
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary">
            {t('add.submit')}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('add.cancel')}
          </button>
        </div>
      </div>
    </form>
  );
}
