import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { BanPageState } from './sanction-errors';

/**
 * The text of /pages/ban (SPEC.md 2 pages-ban): why accounts are closed and what to do; after a
 * refused login (state `banned`) first the notice that this account is closed.
 */
export function BanPageText() {
  const { t } = useTranslation();
  const state = useLocation().state as Partial<BanPageState> | null;
  return (
    <div className="text-start mt-4">
      {state?.banned && (
        <div className="alert alert-danger" role="alert" data-testid="ban-notice">
          {t('banPage.closed')}
        </div>
      )}
      <p className="mb-0">{t('banPage.text')}</p>
    </div>
  );
}
