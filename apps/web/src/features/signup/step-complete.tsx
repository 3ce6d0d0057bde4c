import { useTranslation } from 'react-i18next';
import { ResendActivation } from '../account/resend-activation';

/**
 * Last signup step (SPEC.md 4): confirm your e-mail. Shows the address, a resend button and, after a
 * minute, the spam-folder hint. Also the body of /complete-signup.
 */
export function StepComplete({ email, onContinue }: { email: string; onContinue?: () => void }) {
  const { t } = useTranslation('access');
  return (
    <section data-testid="signup-complete">
      <h3 className="h5 mb-3">{t('steps.complete.title')}</h3>
      <p>
        {t('steps.complete.sent')} <strong data-testid="signup-email">{email}</strong>
      </p>
      <p>{t('steps.complete.text')}</p>
      <ResendActivation />
      {onContinue && (
        <button type="button" className="btn btn-primary w-100 mt-4" onClick={onContinue}>
          {t('steps.complete.continue')}
        </button>
      )}
    </section>
  );
}
