import { DISMISSAL_KEYS } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { usePush } from '../../lib/push';
import { storeDismissal } from '../../lib/storage';
import { showToast } from '../../lib/toast-store';
import { useSettings } from '../session/use-settings';
import { isDismissed } from './dismissals';

/**
 * The dismissible push-notification alert (SPEC.md 2): for a logged-in member whose browser could
 * get push but is not subscribed, until dismissed (time stamp under hide-push-notification-alert).
 * Its button asks the browser's permission and subscribes for real (lib/push.ts).
 */
export function PushAlert({ className }: { className?: string | undefined }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { state, isKnown, subscribe } = usePush();
  const [isDismissedNow, setDismissedNow] = useState(() => isDismissed(DISMISSAL_KEYS.pushAlert));
  const [isBusy, setBusy] = useState(false);
  const publicKey = settings.push_public_key;
  if (isDismissedNow || !isKnown || state !== 'unsubscribed' || !publicKey) return null;

  const dismiss = () => {
    storeDismissal(DISMISSAL_KEYS.pushAlert);
    setDismissedNow(true);
  };
  const turnOn = async () => {
    setBusy(true);
    try {
      const next = await subscribe(publicKey);
      if (next === 'subscribed') showToast(t('warnings.push.done'), 'success');
      else if (next === 'denied') showToast(t('warnings.push.refused'), 'info');
    } catch (err) {
      showToast(err instanceof ApiError && err.status > 0 ? err.message : t('warnings.push.failed'), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className={`alert alert-info alert-dismissible d-flex flex-wrap align-items-center gap-2 ${className ?? ''}`}
      role="status"
      data-testid="push-alert"
    >
      <span className="me-auto">{t('warnings.push.text')}</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void turnOn()} disabled={isBusy}>
        {isBusy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('warnings.push.button')}
      </button>
      <button type="button" className="btn-close" aria-label={t('actions.close')} onClick={dismiss} />
    </div>
  );
}
