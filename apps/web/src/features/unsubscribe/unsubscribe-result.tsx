import type { UnsubscribeState } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What the unsubscribe page shows once the link worked: the outcome, undo, "all" and the settings link. */
export function UnsubscribeResult({
  state,
  canOfferAll,
  isBusy,
  onToggle,
  onAll,
}: {
  state: UnsubscribeState;
  /** The mail's link carried the token of all notification mails and this was one kind. */
  canOfferAll: boolean;
  isBusy: boolean;
  /** Undo (resubscribe) or unsubscribe again. */
  onToggle: () => void;
  onAll: () => void;
}) {
  const { t } = useTranslation('unsubscribe');
  const values = { what: t(`kinds.${state.kind}`), site: state.site_name };
  const isAll = state.kind === 'all';
  const outcome = state.unsubscribed ? t(isAll ? 'doneAll' : 'done', values) : t(isAll ? 'againAll' : 'again', values);
  return (
    <>
      <div className={`alert ${state.unsubscribed ? 'alert-success' : 'alert-info'}`} role="status" aria-live="polite">
        <p className="mb-0 fw-semibold" data-testid="unsubscribe-outcome">
          {outcome}
        </p>
      </div>
      <button type="button" className="btn btn-outline-secondary w-100 mb-3" onClick={onToggle} disabled={isBusy}>
        {isBusy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {state.unsubscribed ? t('undo') : t('unsubscribeAgain')}
      </button>
      {canOfferAll && state.unsubscribed && !isAll && (
        <div className="border rounded p-3 mb-3">
          <p className="mb-2">{t('allQuestion')}</p>
          <button type="button" className="btn btn-outline-primary w-100" onClick={onAll} disabled={isBusy}>
            {t('allButton')}
          </button>
        </div>
      )}
      <p className="small text-body-secondary">{t('accountNote')}</p>
      <Link to="/notifications" className="d-inline-block py-2">
        {t('settings')}
      </Link>
    </>
  );
}
