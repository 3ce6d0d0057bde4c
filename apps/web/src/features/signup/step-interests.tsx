import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { errorText } from '../account/api-error-alert';
import { interestsQuery } from '../session/queries';
import { StepFrame } from './step-frame';
import { useSaveProfile } from './use-save-profile';

/** Signup step 4: interests as tags (GET /api/interests.php) and a few words about yourself. */
export function StepInterests({ step, total, onDone }: { step: number; total: number; onDone: () => void }) {
  const { t } = useTranslation(['access', 'common']);
  const interests = useQuery(interestsQuery);
  const [chosen, setChosen] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const save = useSaveProfile(onDone);
  const toggle = (tag: string) => setChosen((c) => (c.includes(tag) ? c.filter((x) => x !== tag) : [...c, tag]));
  const handleNext = () => {
    if (chosen.length === 0 && description.trim() === '') return onDone();
    save.mutate({
      ...(chosen.length > 0 ? { interests: chosen } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
    });
  };
  return (
    <StepFrame
      title={t('access:steps.interests.title')}
      step={step}
      total={total}
      onSkip={onDone}
      onNext={handleNext}
      isBusy={save.isPending}
    >
      <p>{t('access:steps.interests.text')}</p>
      <fieldset className="d-flex flex-wrap gap-2 mb-3">
        <legend className="visually-hidden">{t('common:profile.fields.interests')}</legend>
        {(interests.data ?? []).map((tag) => (
          <button
            key={tag}
            type="button"
            className={`btn btn-sm rounded-pill ${chosen.includes(tag) ? 'btn-primary' : 'btn-outline-secondary'}`}
            aria-pressed={chosen.includes(tag)}
            onClick={() => toggle(tag)}
          >
            {t(`common:interests.${tag}`, { defaultValue: tag })}
          </button>
        ))}
      </fieldset>
      <label htmlFor="signup-description" className="form-label">
        {t('common:profile.fields.description')}
      </label>
      <textarea
        id="signup-description"
        className="form-control"
        rows={3}
        maxLength={2000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        placeholder={t('access:steps.interests.placeholder')}
      />
      {save.isError && <ErrorAlert className="mt-3 mb-0">{errorText(save.error, t)}</ErrorAlert>}
    </StepFrame>
  );
}
