import { type NotificationSettings, PUSH_KINDS } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { ApiError } from '../../lib/api';
import { type PushState, usePush } from '../../lib/push';
import { useSettings } from '../session/use-settings';
import { SettingSwitch } from './setting-switch';

/**
 * Push on /notifications (SPEC.md 4 push states): this browser's state with the action that fits
 * (turn on, which asks the browser's permission; blocked: how to allow it; not supported), the
 * switch of this device, and, while this browser is subscribed, a switch per kind.
 */
export function PushSettings({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation('notifications');
  const { state, isKnown } = usePush();
  const site = useSettings();
  const publicKey = site.push_public_key;
  const effective: PushState = publicKey ? state : 'unsupported';
  return (
    <div className="mb-4" data-testid="push-settings" data-state={isKnown ? effective : 'unknown'}>
      <h3 className="h6">{t('push.title')}</h3>
      {!isKnown ? (
        <p className="small text-body-secondary">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('push.checking')}
        </p>
      ) : (
        <PushDevice state={effective} publicKey={publicKey} />
      )}
      {isKnown && effective === 'subscribed' && (
        <fieldset className="mt-2">
          <legend className="small fw-semibold mb-2 fs-6">{t('push.kindsTitle')}</legend>
          {PUSH_KINDS.map((kind) => (
            <SettingSwitch
              key={kind}
              label={t(`kinds.${kind}`)}
              checked={settings.push[kind]}
              toUpdate={(on) => ({ push: { [kind]: on } })}
              testId={`push-${kind}`}
            />
          ))}
        </fieldset>
      )}
    </div>
  );
}

function PushDevice({ state, publicKey }: { state: PushState; publicKey: string | null }) {
  const { t } = useTranslation('notifications');
  const { subscribe, unsubscribe } = usePush();
  const id = useId();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await action();
      if (next === 'denied') setError(t('push.refused'));
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? err.message : t('push.failed'));
    } finally {
      setBusy(false);
    }
  };
  const problem = error && (
    <ErrorAlert id={`${id}-error`} className="py-2 px-3 small mt-2 mb-0">
      {error}
    </ErrorAlert>
  );

  if (state === 'unsupported') {
    return <p className="small text-body-secondary mb-0">{t('push.unsupported')}</p>;
  }
  if (state === 'denied') {
    return (
      <div className="alert alert-secondary small mb-0" data-testid="push-denied">
        <p className="fw-semibold mb-1">{t('push.denied')}</p>
        <p className="mb-0">{t('push.deniedHelp')}</p>
      </div>
    );
  }
  if (state === 'unsubscribed') {
    return (
      <div>
        <p className="small text-body-secondary mb-2">{t('push.off')}</p>
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={isBusy || !publicKey}
          onClick={() => publicKey && void run(() => subscribe(publicKey))}
          data-testid="push-turn-on"
        >
          {isBusy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('push.turnOn')}
        </button>
        {problem}
      </div>
    );
  }
  return (
    <div className="form-check form-switch mb-2" data-testid="push-device">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        aria-checked={!isBusy}
        checked={!isBusy}
        disabled={isBusy}
        aria-describedby={`${id}-help`}
        onChange={() => void run(unsubscribe)}
      />
      <label className="form-check-label" htmlFor={id}>
        {t('push.device')}
      </label>
      <div id={`${id}-help`} className="form-text mt-0">
        {t('push.deviceHelp')}
      </div>
      {problem}
    </div>
  );
}
