import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Frame of a signup step after the form: heading, progress, the step's content, and Skip / Next
 * (SPEC.md 4: each step of 1-4 can be skipped).
 */
export function StepFrame({
  title,
  step,
  total,
  children,
  onNext,
  onSkip,
  nextLabel,
  isBusy = false,
  isNextDisabled = false,
}: {
  title: string;
  step: number;
  total: number;
  children: ReactNode;
  onNext: () => void;
  onSkip?: () => void;
  nextLabel?: string;
  isBusy?: boolean;
  isNextDisabled?: boolean;
}) {
  const { t } = useTranslation('access');
  return (
    <section data-testid="signup-step">
      <p className="small text-body-secondary mb-1">{t('steps.progress', { step, total })}</p>
      <div className="rounded-pill bg-body-secondary overflow-hidden mb-3" style={{ height: 4 }} aria-hidden="true">
        <div className="h-100 bg-primary" style={{ width: `${(step / total) * 100}%` }} />
      </div>
      <h3 className="h5 mb-3">{title}</h3>
      {children}
      <div className="d-flex gap-2 justify-content-end mt-4">
        {onSkip && (
          <button type="button" className="btn btn-link text-body-secondary" onClick={onSkip} disabled={isBusy}>
            {t('steps.skip')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={onNext} disabled={isBusy || isNextDisabled}>
          {isBusy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {nextLabel ?? t('steps.next')}
        </button>
      </div>
    </section>
  );
}
