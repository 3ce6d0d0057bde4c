import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { accessApi } from '../features/account/access-api';
import { ApiErrorAlert } from '../features/account/api-error-alert';
import { AuthCard } from '../features/account/auth-card';
import { type NewPassword, NewPasswordFields, passwordsMatch } from '../features/account/new-password-fields';
import { showToast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /reset-password/do?token=: set a new password from the mailed link (SPEC.md 2, 5, 8), then log in
 * with a success toast. An expired link offers a new mail.
 */
export function ResetPasswordDoPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [value, setValue] = useState<NewPassword>({ password: '', password_repeat: '' });
  const [isMismatchShown, setMismatchShown] = useState(false);
  const reset = useMutation({
    mutationFn: accessApi.resetPassword,
    onSuccess: () => {
      showToast(t('reset.done'), 'success');
      void navigate('/login', { replace: true });
    },
  });
  usePageTitle(t('common:routes.reset-password-do.title'));

  if (!token) {
    return (
      <AuthCard title={t('common:routes.reset-password-do.title')}>
        <ErrorAlert>
          {t('errors:reset_link_invalid')}{' '}
          <Link to="/reset-password" className="alert-link">
            {t('errorLinks.newResetMail')}
          </Link>
        </ErrorAlert>
      </AuthCard>
    );
  }
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!passwordsMatch(value)) return setMismatchShown(true);
    reset.mutate({ token, ...value });
  };
  return (
    <AuthCard title={t('common:routes.reset-password-do.title')}>
      <ApiErrorAlert error={reset.error} />
      <form onSubmit={handleSubmit} noValidate>
        <NewPasswordFields
          idPrefix="reset"
          value={value}
          onChange={(v) => {
            setValue(v);
            setMismatchShown(false);
          }}
          isMismatchShown={isMismatchShown}
        />
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={reset.isPending || !value.password}>
          {reset.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('reset.save')}
        </button>
      </form>
    </AuthCard>
  );
}

export { ResetPasswordDoPage as Component };
