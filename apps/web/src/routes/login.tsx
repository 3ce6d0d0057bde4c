import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogin } from '../features/session/use-login';
import { SignupButton } from '../features/signup/signup-button';
import { ApiError } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';

/** Login screen: email and password, the server's message on failure, /members on success. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  usePageTitle(t('login.title'));

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ email: email.trim(), password }, { onSuccess: () => void navigate('/members', { replace: true }) });
  };
  const errorMessage =
    login.error instanceof ApiError && login.error.status > 0
      ? login.error.message
      : login.error
        ? t('errors:network')
        : null;

  return (
    <div className="container py-5">
      <div className="card shadow-sm border-0 mx-auto auth-card">
        <div className="card-body p-4 p-md-5">
          <h1 className="h3 mb-4 text-center">{t('login.title')}</h1>
          {errorMessage && (
            <div className="alert alert-danger" role="alert">
              {errorMessage}
            </div>
          )}
          <form onSubmit={handleSubmit} noValidate={false}>
            <div className="mb-3">
              <label htmlFor="login-email" className="form-label">
                {t('login.email')}
              </label>
              <input
                id="login-email"
                type="email"
                className="form-control form-control-lg"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div className="mb-2">
              <label htmlFor="login-password" className="form-label">
                {t('login.password')}
              </label>
              <input
                id="login-password"
                type="password"
                className="form-control form-control-lg"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <p className="text-end small mb-4">
              <Link to="/reset-password">{t('login.forgotPassword')}</Link>
            </p>
            <button type="submit" className="btn btn-primary btn-lg w-100" disabled={login.isPending}>
              {login.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {t('login.submit')}
            </button>
          </form>
          <p className="text-center mt-4 mb-0">
            {t('login.noAccount')} <SignupButton className="link-primary">{t('login.signupLink')}</SignupButton>
          </p>
        </div>
      </div>
    </div>
  );
}

export { LoginPage as Component };
