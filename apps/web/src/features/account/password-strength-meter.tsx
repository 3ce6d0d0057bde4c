import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrengthChecker, type PasswordStrength, type StrengthChecker } from './password-strength';

const BAR_CLASSES = ['bg-danger', 'bg-danger', 'bg-warning', 'bg-success', 'bg-success'] as const;

/** Strength of `password` once zxcvbn has loaded (null before, or for an empty password). */
export function usePasswordStrength(password: string, userInputs: string[] = []): PasswordStrength | null {
  const { i18n } = useTranslation();
  const [checker, setChecker] = useState<StrengthChecker | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadStrengthChecker(i18n.language)
      .then((loaded) => {
        if (isCurrent) setChecker(() => loaded);
      })
      .catch(() => undefined); // no meter is better than a broken form; the server still checks
    return () => {
      isCurrent = false;
    };
  }, [i18n.language]);
  if (!checker || password === '') return null;
  return checker(password, userInputs.filter(Boolean));
}

/**
 * zxcvbn-ts strength meter: a bar, the score in words, and what is wrong (warning and suggestions,
 * in the member's language where zxcvbn offers it, otherwise a catalogue text).
 */
export function PasswordStrengthMeter({ strength, id }: { strength: PasswordStrength | null; id?: string }) {
  const { t } = useTranslation('access');
  if (!strength) return null;
  const warning = strength.isKeyed ? (strength.warning ? t('password.feedbackFallback') : '') : strength.warning;
  const suggestions = strength.isKeyed ? [] : strength.suggestions;
  return (
    <div className="mt-2 small" id={id} aria-live="polite" data-testid="password-strength">
      <div className="rounded-pill bg-body-secondary overflow-hidden" style={{ height: 6 }} aria-hidden="true">
        <div
          className={`h-100 rounded-pill ${BAR_CLASSES[strength.score]}`}
          style={{ width: `${(strength.score + 1) * 20}%`, transition: 'width .2s' }}
        />
      </div>
      <p className="mb-1 mt-1">
        {t('password.strengthLabel')} <strong>{t(`password.score.${strength.score}`)}</strong>
      </p>
      {warning && <p className="mb-1 text-danger-emphasis">{warning}</p>}
      {suggestions.length > 0 && (
        <ul className="mb-0 ps-3 text-body-secondary">
          {suggestions.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
