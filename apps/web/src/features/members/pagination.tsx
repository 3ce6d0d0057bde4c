import { useTranslation } from 'react-i18next';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

function pageWindow(page: number, pageCount: number): number[] {
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  const end = Math.min(pageCount, start + 4);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Page links of the search results. */
export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const item = (target: number, label: string, isDisabled: boolean, isActive = false, ariaLabel?: string) => (
    <li key={`${label}-${target}`} className={`page-item${isDisabled ? ' disabled' : ''}${isActive ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        disabled={isDisabled}
        aria-current={isActive ? 'page' : undefined}
        aria-label={ariaLabel}
        onClick={() => onPage(target)}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav aria-label={t('pagination.label')} className="mt-4">
      <ul className="pagination justify-content-center flex-wrap">
        {item(page - 1, '‹', page <= 1, false, t('pagination.previous'))}
        {pageWindow(page, pageCount).map((p) =>
          item(p, String(p), false, p === page, t('pagination.page', { page: p })),
        )}
        {item(page + 1, '›', page >= pageCount, false, t('pagination.next'))}
      </ul>
    </nav>
  );
}
