import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessApi } from './access-api';
import { ApiErrorAlert } from './api-error-alert';

/** Settings: change the e-mail address (POST /api/mail-change.php); the new one confirms by a mailed link. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('access');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({ mutationFn: accessApi.changeMail, onSuccess: () => setPassword('') });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ email: email.trim(), password });
  };
  return (
    <form onSubmit={handleSubmit} data-testid="change-email-form" noValidate>
      <p className="text-body-secondary">{t('settings.email.current', { email: currentEmail })}</p>
      <ApiErrorAlert error={change.error} showResetLink={false} />
      {change.isSuccess && (
        <div className="alert alert-success" role="status">
          {t('settings.email.sent', { email: change.variables.email })}
        </div>
      )}
      <div className="mb-3">
        <label htmlFor="settings-new-email" className="form-label">
          {t('settings.email.new')}
        </label>
        <input
          id="settings-new-email"
          type="email"
          className="form-control"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="mb-3">
        <label htmlFor="settings-email-password" className="form-label">
          {t('password.current')}
        </label>
        <input
          id="settings-email-password"
          type="password"
          className="form-control"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={change.isPending || !email || !password}>
        {t('settings.email.submit')}
      </button>
    </form>
  );
}
