import type { User } from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { isShippedLocale } from '../../lib/i18n';
import { readTracking } from '../../lib/tracking';
import { ApiErrorAlert } from '../account/api-error-alert';
import { PasswordStrengthMeter, usePasswordStrength } from '../account/password-strength-meter';
import { DateOfBirthSelect } from './date-of-birth-select';
import { readDraft, type SignupDraft, writeDraft } from './draft';
import { useSignup } from './use-signup';
import { type SignupField, validateSignup } from './validation';

const FIELDS: readonly SignupField[] = ['email', 'name', 'password', 'date_of_birth'];

/** The form field a validation_failed answer names (data.field), if it is one of ours. */
function fieldOf(err: unknown): SignupField | null {
  if (!isApiError(err, 'validation_failed')) return null;
  const field = (err.data as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' && (FIELDS as readonly string[]).includes(field) ? (field as SignupField) : null;
}

interface SignupFormProps {
  /** The profile signed up from (/members/{id}/signup): sent as the first contact. */
  profileId?: number;
  /** Called once before the first request: from then on the signup is in progress. */
  onSubmitStart: () => void;
  onSignedUp: (user: User) => void;
}

/**
 * Signup form (SPEC.md 2, 5): e-mail, profile name, password with strength meter, date of birth. The
 * draft (not the password) survives a reload; the rules run here with the server's texts, and the server
 * stays the authority (its field errors land under the field, others in the alert).
 */
export function SignupForm({ profileId, onSubmitStart, onSignedUp }: SignupFormProps) {
  const { t, i18n } = useTranslation('access');
  const signup = useSignup();
  const [draft, setDraft] = useState<SignupDraft>(readDraft);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const strength = usePasswordStrength(password, [draft.email, draft.name]);

  useEffect(() => writeDraft(draft), [draft]);

  const set = (field: keyof SignupDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const failed = validateSignup({ ...draft, password });
    setErrors(Object.fromEntries(Object.entries(failed).map(([field, err]) => [field, t(err.key, err.values)])));
    if (Object.keys(failed).length > 0) return;
    onSubmitStart();
    const body = {
      email: draft.email.trim(),
      name: draft.name.trim(),
      password,
      date_of_birth: draft.date_of_birth,
      signup_message: draft.signup_message.trim() || undefined,
      profile_id: profileId,
      tracking: readTracking(),
      language: isShippedLocale(i18n.language) ? i18n.language : undefined,
    };
    signup.mutate(body, {
      onSuccess: onSignedUp,
      onError: (err) => {
        const field = fieldOf(err);
        if (field) setErrors({ [field]: err.message });
      },
    });
  };
  // Validation errors sit under their field; the rest (existing account, weak password, ...) in the alert.
  const isAlertShown = signup.isError && !fieldOf(signup.error);

  const input = (field: 'email' | 'name', type: string, autoComplete: string) => (
    <div className="mb-3">
      <label htmlFor={`signup-${field}`} className="form-label">
        {t(`signup.${field}`)}
      </label>
      <input
        id={`signup-${field}`}
        type={type}
        className={`form-control${errors[field] ? ' is-invalid' : ''}`}
        autoComplete={autoComplete}
        value={draft[field]}
        onChange={(e) => set(field)(e.target.value)}
        aria-describedby={errors[field] ? `signup-${field}-error` : undefined}
        required
      />
      {errors[field] && (
        <div id={`signup-${field}-error`} className="invalid-feedback">
          {errors[field]}
        </div>
      )}
    </div>
  );

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="signup-form">
      {isAlertShown && <ApiErrorAlert error={signup.error} />}
      {input('email', 'email', 'email')}
      {input('name', 'text', 'nickname')}
      <div className="mb-3">
        <label htmlFor="signup-password" className="form-label">
          {t('signup.password')}
        </label>
        <input
          id="signup-password"
          type="password"
          className={`form-control${errors.password ? ' is-invalid' : ''}`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((er) => ({ ...er, password: undefined }));
          }}
          aria-describedby="signup-password-strength"
          required
        />
        {errors.password && <div className="invalid-feedback">{errors.password}</div>}
        <PasswordStrengthMeter strength={strength} id="signup-password-strength" />
      </div>
      <div className="mb-3">
        <DateOfBirthSelect
          value={draft.date_of_birth}
          onChange={set('date_of_birth')}
          isInvalid={Boolean(errors.date_of_birth)}
          describedBy={errors.date_of_birth ? 'signup-dob-error' : undefined}
        />
        {errors.date_of_birth && (
          <div id="signup-dob-error" className="invalid-feedback d-block">
            {errors.date_of_birth}
          </div>
        )}
      </div>
      <p className="small text-body-secondary">
        {t('signup.termsBefore')} <Link to="/pages/terms">{t('signup.terms')}</Link> {t('signup.and')}{' '}
        <Link to="/pages/privacy">{t('signup.privacy')}</Link>.
      </p>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={signup.isPending}>
        {signup.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('signup.submit')}
      </button>
    </form>
  );
}
