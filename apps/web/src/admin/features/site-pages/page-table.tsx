import type { AdminSitePageList, PageTextSource } from '@app/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SITE_PAGES_NS } from './i18n';
import { languageName, pageName } from './names';
import './page-table.css';

/** The page text being edited, if any. */
export interface PageTarget {
  slug: string;
  language: string;
}

/** The link of one cell: the editor of `slug` in `language`, kept in the address bar. */
export function editorSearch({ slug, language }: PageTarget): string {
  return `?${new URLSearchParams({ slug, language })}`;
}

const TONE: Record<PageTextSource, string> = {
  site: 'btn-primary',
  shipped: 'btn-outline-secondary',
  none: 'btn-outline-danger',
};

/**
 * The site's pages (rows: the legal pages, then the {token} pages) × its languages (columns); each
 * cell names where that text comes from and opens its editor. The table scrolls sideways in its own
 * labelled box when the languages do not fit (a phone), with the pages' names kept in view; its
 * description stands above the box, so it is never cut off with the columns.
 */
export function PageTable({ list, selected }: { list: AdminSitePageList; selected: PageTarget | null }) {
  const { t } = useTranslation(SITE_PAGES_NS);
  const id = useId();
  return (
    <>
      <p id={`${id}-caption`} className="text-body-secondary mb-2">
        {t('tableCaption')}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to scroll by keyboard (axe scrollable-region-focusable) */}
      <section className="table-responsive" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table
          className="table table-sm align-middle site-page-table"
          data-testid="site-page-table"
          aria-labelledby={`${id}-caption`}
        >
          <thead>
            <tr>
              <th scope="col">{t('page')}</th>
              {list.languages.map((code) => (
                <th scope="col" key={code} lang={code}>
                  {languageName(code)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.pages.map((page) => (
              <tr key={page.slug} data-slug={page.slug}>
                <th scope="row" className="text-nowrap">
                  {pageName(page.slug)}
                  <div className="small text-body-secondary fw-normal">
                    <code>{page.path}</code>
                  </div>
                </th>
                {page.languages.map((entry) => {
                  const isOpen = selected?.slug === page.slug && selected.language === entry.language;
                  const label = t('cellLabel', {
                    page: pageName(page.slug),
                    language: languageName(entry.language),
                    source: t(`source.${entry.source}`),
                  });
                  return (
                    <td key={entry.language}>
                      <Link
                        to={editorSearch({ slug: page.slug, language: entry.language })}
                        className={`btn btn-sm text-nowrap ${TONE[entry.source]}${isOpen ? ' active' : ''}`}
                        aria-label={label}
                        aria-current={isOpen ? 'true' : undefined}
                      >
                        {t(`source.${entry.source}`)}
                      </Link>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
