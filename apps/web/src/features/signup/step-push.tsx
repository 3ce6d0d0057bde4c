import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePush } from '../../lib/push';
import { useSettings } from '../session/use-settings';
import { StepFrame } from './step-frame';

/**
 * Push prompt of the signup steps (SPEC.md 4). "Turn on notifications" asks the browser's permission
 * for real and subscribes this browser (lib/push.ts); whatever the answer (allowed, refused, not
 * supported, or a failure), the signup moves on: mail notifications work without it.
 */
export function StepPush({ step, total, onDone }: { step: number; total: number; onDone: () => void }) {
  const { t } = useTranslation('access');
  const settings = useSettings();
  const { state, isKnown, subscribe } = usePush();
  const [isBusy, setBusy] = useState(false);
  const publicKey = settings.push_public_key;
  const canAsk = Boolean(publicKey) && (state === 'unsubscribed' || !isKnown);

  const handleEnable = async () => {
    if (!publicKey || !canAsk) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      await subscribe(publicKey);
    } catch {
      // A refused subscription or an unreachable push service: mail still works, signup goes on.
    } finally {
      setBusy(false);
      onDone();
    }
  };

  const note = !isKnown
    ? null
    : state === 'unsupported' || !publicKey
      ? t('steps.push.unsupported')
      : state === 'denied'
        ? t('steps.push.denied')
        : state === 'subscribed'
          ? t('steps.push.already')
          : null;
  return (
    <StepFrame
      title={t('steps.push.title')}
      step={step}
      total={total}
      onSkip={canAsk ? onDone : undefined}
      onNext={() => void handleEnable()}
      nextLabel={canAsk ? t('steps.push.enable') : t('steps.next')}
      isBusy={isBusy}
    >
      <p>{t('steps.push.text')}</p>
      {note && (
        <p className="small text-body-secondary mb-0" data-testid="push-step-note">
          {note}
        </p>
      )}
    </StepFrame>
  );
}
