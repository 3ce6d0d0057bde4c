import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accessApi } from './access-api';
import { errorText } from './api-error-alert';
import { useSpamHint } from './use-spam-hint';

/**
 * Resend button for the activation mail (POST /api/activation-resend.php) with its outcome, and the
 * spam-folder hint after a minute (SPEC.md 4).
 */
export function ResendActivation({ className = 'btn btn-outline-primary' }: { className?: string }) {
  const { t } = useTranslation('access');
  const resend = useMutation({ mutationFn: accessApi.resendActivation });
  const isSpamHintShown = useSpamHint(resend.submittedAt);
  return (
    <div className="resend-activation">
      <button
        type="button"
        className={className}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        data-testid="resend-activation"
      >
        {resend.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('activation.resend')}
      </button>
      <div aria-live="polite">
        {resend.isSuccess && <p className="text-success small mt-2 mb-0">{t('activation.resent')}</p>}
        {resend.isError && <p className="text-danger small mt-2 mb-0">{errorText(resend.error, t)}</p>}
        {isSpamHintShown && (
          <p className="small text-body-secondary mt-2 mb-0" data-testid="spam-hint">
            {t('activation.spamHint')}
          </p>
        )}
      </div>
    </div>
  );
}
