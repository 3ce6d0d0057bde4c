import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { ApiErrorAlert } from '../features/account/api-error-alert';
import { PasskeyLoginButton } from '../features/passkeys/passkey-login-button';
import { PasskeyOffer, shouldOfferPasskey } from '../features/passkeys/passkey-offer';
import { BANNED_LOGIN_PATH, isBannedError, suspendedText } from '../features/session/sanction-errors';
import { useLogin } from '../features/session/use-login';
import { SignupButton } from '../features/signup/signup-button';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Login screen: email and password, the server's message on failure (SPEC.md 8: failed, locked for some
 * minutes, rate limited, pending deletion with a support link), /members on success. A closed account
 * goes to /pages/ban; a suspended one is told until when (issue: back office I). Issue passkeys: "Log in
 * with a passkey" without an e-mail; after a password login a member without a passkey whose browser
 * supports them is offered one once (PasskeyOffer) before going on.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isOfferShown, setOfferShown] = useState(false);
  usePageTitle(t('login.title'));
  const goOn = () => void navigate('/members', { replace: true });

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: async () => {
          if (await shouldOfferPasskey()) setOfferShown(true);
          else goOn();
        },
        onError: (err) => {
          if (isBannedError(err)) void navigate(BANNED_LOGIN_PATH);
        },
      },
    );
  };
  const suspended = suspendedText(login.error, t, i18n.language);

  return (
    <div className="container py-5">
      <div className="card shadow-sm border-0 mx-auto auth-card">
        <div className="card-body p-4 p-md-5">
          <h1 className="h3 mb-4 text-center">{t('login.title')}</h1>
          {/* The server's message: login failed, locked for {minutes} min, rate limited, pending deletion (+ support link). */}
          {suspended ? (
            <ErrorAlert data-testid="login-suspended">{suspended}</ErrorAlert>
          ) : (
            <ApiErrorAlert error={isBannedError(login.error) ? null : login.error} showResetLink={false} />
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
          <PasskeyLoginButton
            onLoggedIn={goOn}
            onError={(err) => {
              if (isBannedError(err)) void navigate(BANNED_LOGIN_PATH);
            }}
          />
          <p className="text-center mt-4 mb-0">
            {t('login.noAccount')} <SignupButton className="link-primary">{t('login.signupLink')}</SignupButton>
          </p>
        </div>
      </div>
      {isOfferShown && <PasskeyOffer onDone={goOn} />}
    </div>
  );
}

export { LoginPage as Component };
