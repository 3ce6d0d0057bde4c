import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter, usePasswordStrength } from './password-strength-meter';

/** A new password typed twice. */
export interface NewPassword {
  password: string;
  password_repeat: string;
}

/** Whether both entries match; "De opgegeven wachtwoorden zijn niet gelijk." otherwise (SPEC.md 5). */
export function passwordsMatch(value: NewPassword): boolean {
  return value.password === value.password_repeat;
}

/** New password and its repetition, with the strength meter and the mismatch message under the second. */
export function NewPasswordFields({
  idPrefix,
  value,
  onChange,
  isMismatchShown,
  userInputs = [],
}: {
  idPrefix: string;
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  isMismatchShown: boolean;
  userInputs?: string[];
}) {
  const { t } = useTranslation('access');
  const strength = usePasswordStrength(value.password, userInputs);
  return (
    <>
      <div className="mb-3">
        <label htmlFor={`${idPrefix}-password`} className="form-label">
          {t('password.new')}
        </label>
        <input
          id={`${idPrefix}-password`}
          type="password"
          className="form-control"
          autoComplete="new-password"
          required
          value={value.password}
          onChange={(e) => onChange({ ...value, password: e.target.value })}
          aria-describedby={`${idPrefix}-strength`}
        />
        <PasswordStrengthMeter strength={strength} id={`${idPrefix}-strength`} />
      </div>
      <div className="mb-3">
        <label htmlFor={`${idPrefix}-repeat`} className="form-label">
          {t('password.repeat')}
        </label>
        <input
          id={`${idPrefix}-repeat`}
          type="password"
          className={`form-control${isMismatchShown ? ' is-invalid' : ''}`}
          autoComplete="new-password"
          required
          value={value.password_repeat}
          onChange={(e) => onChange({ ...value, password_repeat: e.target.value })}
        />
        {isMismatchShown && <div className="invalid-feedback">{t('errors:passwords_differ')}</div>}
      </div>
    </>
  );
}
