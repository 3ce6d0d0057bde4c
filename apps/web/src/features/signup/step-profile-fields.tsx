import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  type ProfileUpdate,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { errorText } from '../account/api-error-alert';
import { StepFrame } from './step-frame';
import { useSaveProfile } from './use-save-profile';

/** Choice fields of signup steps 2 (about me) and 3 (looks), with their values (SPEC.md 3, 4). */
export const STEP_FIELDS = {
  about: { gender: GENDERS, sexuality: SEXUALITIES, relationship_status: RELATIONSHIP_STATUSES, reason: REASONS },
  looks: { hair_color: HAIR_COLORS, eye_color: EYE_COLORS, body_type: BODY_TYPES, tattoos: TATTOOS },
} as const;

/** Signup step 2 or 3: a select per field; only the chosen fields are saved; skip saves nothing. */
export function StepProfileFields({
  kind,
  step,
  total,
  onDone,
}: {
  kind: keyof typeof STEP_FIELDS;
  step: number;
  total: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(['access', 'common']);
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useSaveProfile(onDone);
  const fields = Object.entries(STEP_FIELDS[kind]) as [string, readonly string[]][];
  const handleNext = () => {
    const chosen = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as ProfileUpdate;
    if (Object.keys(chosen).length === 0) return onDone();
    save.mutate(chosen);
  };
  return (
    <StepFrame
      title={t(`access:steps.${kind}.title`)}
      step={step}
      total={total}
      onSkip={onDone}
      onNext={handleNext}
      isBusy={save.isPending}
    >
      <p>{t(`access:steps.${kind}.text`)}</p>
      <div className="row g-3">
        {fields.map(([field, options]) => (
          <div className="col-sm-6" key={field}>
            <label htmlFor={`signup-${field}`} className="form-label">
              {t(`common:profile.fields.${field}`)}
            </label>
            <select
              id={`signup-${field}`}
              className="form-select"
              value={values[field] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            >
              <option value="">{t('access:steps.choose')}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {t(`common:profile.values.${field}.${option}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {save.isError && <ErrorAlert className="mt-3 mb-0">{errorText(save.error, t)}</ErrorAlert>}
    </StepFrame>
  );
}
