import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { interestsQuery } from '../session/queries';

/** Interest tags from GET /api/interests.php as toggle buttons (SPEC.md 3). */
export function InterestsPicker({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation('profile');
  const interests = useQuery(interestsQuery);
  const selected = new Set(value);
  const toggle = (tag: string) => onChange(selected.has(tag) ? value.filter((v) => v !== tag) : [...value, tag]);
  return (
    <fieldset>
      <legend className="form-label fs-6">{t('common:profile.fields.interests')}</legend>
      <div className="d-flex flex-wrap gap-2" data-testid="interests-picker">
        {(interests.data ?? []).map((tag) => (
          <button
            key={tag}
            type="button"
            className={`btn btn-sm rounded-pill ${selected.has(tag) ? 'btn-primary' : 'btn-outline-secondary'}`}
            aria-pressed={selected.has(tag)}
            onClick={() => toggle(tag)}
          >
            {t(`common:interests.${tag}`, { defaultValue: tag })}
          </button>
        ))}
      </div>
      <p className="form-text">{t('form.interestsHint', { number: value.length })}</p>
    </fieldset>
  );
}
