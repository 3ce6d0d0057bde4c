import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { usePush } from '../../lib/push';
import { showToast } from '../../lib/toast-store';
import { useSettings } from '../session/use-settings';

/**
 * Whether the push-notification alert is wanted (SPEC.md 2): this browser could get push but is not
 * subscribed, and the site has a push key. The warnings header adds the dismissal and its order.
 */
export function usePushAlertWanted(): boolean {
  const settings = useSettings();
  const { state, isKnown } = usePush();
  return isKnown && state === 'unsubscribed' && Boolean(settings.push_public_key);
}

/**
 * The dismissible push-notification alert (SPEC.md 2): shown by the warnings header while
 * `usePushAlertWanted` and not dismissed; `onDismiss` stores the dismissal (time stamp under
 * hide-push-notification-alert). Its button asks the browser's permission and subscribes for real
 * (lib/push.ts), after which the alert is no longer wanted.
 */
export function PushAlert({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { subscribe } = usePush();
  const [isBusy, setBusy] = useState(false);
  const publicKey = settings.push_public_key;
  if (!publicKey) return null;
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
      className="alert alert-info alert-dismissible d-flex flex-wrap align-items-center gap-2"
      role="status"
      data-testid="push-alert"
    >
      <span className="me-auto">{t('warnings.push.text')}</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void turnOn()} disabled={isBusy}>
        {isBusy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('warnings.push.button')}
      </button>
      <button type="button" className="btn-close" aria-label={t('actions.close')} onClick={onDismiss} />
    </div>
  );
}
