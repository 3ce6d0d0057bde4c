import { useTranslation } from 'react-i18next';
import { StepFrame } from './step-frame';

/**
 * Push prompt of the signup steps (SPEC.md 4). Push notifications arrive with a later issue, so the
 * button says so and moves on: no browser permission is asked for a feature that does not exist yet.
 */
export function StepPush({ step, total, onDone }: { step: number; total: number; onDone: () => void }) {
  const { t } = useTranslation('access');
  return (
    <StepFrame
      title={t('steps.push.title')}
      step={step}
      total={total}
      onSkip={onDone}
      onNext={onDone}
      nextLabel={t('steps.push.enable')}
    >
      <p>{t('steps.push.text')}</p>
      <p className="small text-body-secondary mb-0">{t('steps.push.soon')}</p>
    </StepFrame>
  );
}
