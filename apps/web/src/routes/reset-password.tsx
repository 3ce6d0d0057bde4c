import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accessApi } from '../features/account/access-api';
import { ApiErrorAlert } from '../features/account/api-error-alert';
import { AuthCard } from '../features/account/auth-card';
import { usePageTitle } from '../lib/use-page-title';

/** /reset-password: ask for a reset link by e-mail, then "check your mail" (SPEC.md 2, 8). */
export function ResetPasswordPage() {
  const { t } = useTranslation('access');
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: accessApi.requestReset });
  usePageTitle(t('common:routes.reset-password.title'));

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email.trim());
  };

  if (request.isSuccess) {
    return (
      <AuthCard title={t('reset.checkMailTitle')} testId="reset-sent">
        <p>{t('reset.checkMailText', { email: email.trim() })}</p>
        <p className="small text-body-secondary">{t('reset.checkMailSpam')}</p>
        <Link to="/login" className="btn btn-outline-primary w-100">
          {t('reset.backToLogin')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('common:routes.reset-password.title')}>
      <p>{t('reset.intro')}</p>
      <ApiErrorAlert error={request.error} showResetLink={false} />
      <form onSubmit={handleSubmit} noValidate>
        <div className="mb-3">
          <label htmlFor="reset-email" className="form-label">
            {t('common:login.email')}
          </label>
          <input
            id="reset-email"
            type="email"
            className="form-control form-control-lg"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={request.isPending}>
          {request.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('reset.submit')}
        </button>
      </form>
      <p className="text-center mt-4 mb-0">
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };
