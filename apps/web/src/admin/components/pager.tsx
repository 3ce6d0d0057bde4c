import { useTranslation } from 'react-i18next';

/** Previous/next buttons of a paged list (page is 1-based; `more` when a next page exists). */
export function Pager({ page, more, onPage }: { page: number; more: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  if (page <= 1 && !more) return null;
  return (
    <nav className="d-flex gap-2 align-items-center my-3" aria-label={t('pager.label')}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span className="small">{t('pager.page', { page })}</span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={!more}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
