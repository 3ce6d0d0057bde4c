import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessApi } from './access-api';
import { ApiErrorAlert } from './api-error-alert';
import { type NewPassword, NewPasswordFields, passwordsMatch } from './new-password-fields';

const EMPTY: NewPassword = { password: '', password_repeat: '' };

/** Settings: change the password with the old one (POST /api/password.php; SPEC.md 5). */
export function ChangePasswordForm({ userInputs }: { userInputs: string[] }) {
  const { t } = useTranslation('access');
  const [oldPassword, setOldPassword] = useState('');
  const [value, setValue] = useState<NewPassword>(EMPTY);
  const [isMismatchShown, setMismatchShown] = useState(false);
  const change = useMutation({
    mutationFn: accessApi.changePassword,
    onSuccess: () => {
      setOldPassword('');
      setValue(EMPTY);
    },
  });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!passwordsMatch(value)) return setMismatchShown(true);
    change.mutate({ old_password: oldPassword, ...value });
  };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="change-password-form">
      <ApiErrorAlert error={change.error} showResetLink={false} />
      {change.isSuccess && (
        <div className="alert alert-success" role="status">
          {t('settings.password.done')}
        </div>
      )}
      <div className="mb-3">
        <label htmlFor="settings-old-password" className="form-label">
          {t('password.old')}
        </label>
        <input
          id="settings-old-password"
          type="password"
          className="form-control"
          autoComplete="current-password"
          required
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
        />
      </div>
      <NewPasswordFields
        idPrefix="settings"
        value={value}
        onChange={(v) => {
          setValue(v);
          setMismatchShown(false);
        }}
        isMismatchShown={isMismatchShown}
        userInputs={userInputs}
      />
      <button type="submit" className="btn btn-primary" disabled={change.isPending || !oldPassword || !value.password}>
        {t('settings.password.submit')}
      </button>
    </form>
  );
}
