import type { AdminSitePageList, PageTextSource } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SITE_PAGES_NS } from './i18n';
import { languageName, pageName } from './names';

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
 * cell names where that text comes from and opens its editor.
 */
export function PageTable({ list, selected }: { list: AdminSitePageList; selected: PageTarget | null }) {
  const { t } = useTranslation(SITE_PAGES_NS);
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid="site-page-table">
        <caption className="caption-top text-body-secondary">{t('tableCaption')}</caption>
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
    </div>
  );
}
