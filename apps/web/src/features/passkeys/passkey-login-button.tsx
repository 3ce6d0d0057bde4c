import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { queryKeys } from '../../lib/query-client';
import { ApiErrorAlert } from '../account/api-error-alert';
import { isBrowserCeremonyError, logInWithPasskey, supportsPasskeys } from './passkey-api';

/**
 * /login: "Log in with a passkey", without an e-mail (issue: passkeys). Shown only where the browser
 * supports passkeys; on success `onLoggedIn` (the login screen goes on as after a password). A
 * cancelled browser dialog is told as such; the server's refusals (failed, locked, banned, …) come as
 * its message. `onError` gets the server's error (the screen sends a banned member to /pages/ban).
 */
export function PasskeyLoginButton({
  onLoggedIn,
  onError,
}: {
  onLoggedIn: () => void;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const login = useMutation({
    mutationFn: logInWithPasskey,
    onSuccess: (user) => {
      client.setQueryData(queryKeys.user, user);
      onLoggedIn();
    },
    onError,
  });
  if (!supportsPasskeys()) return null;
  const cancelled = login.error && isBrowserCeremonyError(login.error);
  return (
    <div className="mt-3" data-testid="passkey-login">
      {cancelled ? (
        <ErrorAlert>{t('passkeys.cancelled')}</ErrorAlert>
      ) : (
        <ApiErrorAlert error={login.error} showResetLink={false} />
      )}
      <button
        type="button"
        className="btn btn-outline-primary btn-lg w-100"
        onClick={() => login.mutate()}
        disabled={login.isPending}
      >
        {login.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {login.isPending ? t('passkeys.loginBusy') : t('passkeys.login')}
      </button>
    </div>
  );
}
