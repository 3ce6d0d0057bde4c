/** @jsxImportSource preact */
import type { PageContext } from '../model.js';

/** A legal, service or {token} page: its title, its rendered Markdown and (cookies) the settings button. */
export interface LegalModel {
  slug: string;
  title: string;
  /** HTML rendered from the page's Markdown (renderPageMarkdown: no raw HTML, values escaped). */
  html: string;
  /** Formatted terms version date, shown under the title of the terms. */
  versionDate: string | null;
  /** /pages/ban after a refused login (`?closed=1`): the notice that this account is closed. */
  closedNotice?: boolean;
}

/** /pages/{slug} and /{token} (SPEC.md 2): the text, the company behind the site, and support. */
export function LegalPage({ ctx, model }: { ctx: PageContext; model: LegalModel }) {
  const { t, company, site } = ctx;
  return (
    <article class="pub-container pub-legal">
      <h1>{model.title}</h1>
      {model.versionDate && <p class="pub-muted">{t('legal.version', { date: model.versionDate })}</p>}
      {model.closedNotice && (
        <p class="pub-alert" role="alert" data-testid="ban-notice">
          {t('banPage.closed')}
        </p>
      )}
      {/* Rendered by markdown-it with raw HTML off and every placeholder value escaped (markdown.ts). */}
      <div class="pub-prose" dangerouslySetInnerHTML={{ __html: model.html }} />
      {model.slug === 'cookies' && (
        <p id="cookie-settings">
          <button type="button" class="pub-btn pub-btn-primary" data-consent-open="true">
            {t('layout.cookieSettings')}
          </button>
        </p>
      )}
      {company && (
        <address class="pub-address">
          <strong>{company.name}</strong>
          {company.tradenames.length > 0 && (
            <span>{t('legal.tradenames', { names: company.tradenames.join(', ') })}</span>
          )}
          <span>{company.address}</span>
          <span>{company.city}</span>
          <span>{t('footer.kvk', { kvk: company.kvk })}</span>
          {company.vat_numbers.length > 0 && <span>{t('legal.vat', { numbers: company.vat_numbers.join(', ') })}</span>}
          {site.support_email && <a href={`mailto:${site.support_email}`}>{site.support_email}</a>}
        </address>
      )}
    </article>
  );
}
