import {
  type AdminFictionalSite,
  BODY_TYPES,
  EYE_COLORS,
  FICTIONAL_NICHES,
  FICTIONAL_STATUSES,
  GENDERS,
  HAIR_COLORS,
  INTERESTS,
  PERSONA_NOTE_MAX,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@app/contracts';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { codeLabel } from '../members/labels';
import { type FictionalField, fictionalErrorMessage, fictionalFieldErrors } from './fictional-errors';
import { CheckboxGroup, FormField } from './form-field';
import { ATTRIBUTE_FIELDS, type FictionalFormValues } from './form-values';

const ATTRIBUTE_VALUES: Record<(typeof ATTRIBUTE_FIELDS)[number], readonly string[]> = {
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
  reason: REASONS,
};

/** A country's name in the staff's language (e.g. "Nederland"), else its code. */
function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [i18n.language]);
}

/**
 * Every field of a fictional profile (SPEC.md 3) with the persona note and niches: the site's
 * countries and their regions (`site`), the attribute lists, the interest tags. Errors of the last
 * save (`error`) show under their fields in the staff's language. `readOnly` for operators.
 */
export function ProfileForm({
  site,
  initial,
  submitLabel,
  pending,
  error,
  readOnly = false,
  onSubmit,
}: {
  site: AdminFictionalSite;
  initial: FictionalFormValues;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  readOnly?: boolean;
  onSubmit: (values: FictionalFormValues) => void;
}) {
  const { t } = useTranslation('admin-fictional');
  const countryName = useCountryName();
  const [v, setV] = useState(initial);
  useEffect(() => setV(initial), [initial]);
  const errors = fictionalFieldErrors(error);
  const err = (field: FictionalField) => errors[field];
  const set = (field: keyof FictionalFormValues) => (e: { target: { value: string } }) =>
    setV((old) => ({ ...old, [field]: e.target.value }));
  const label = (group: string, code: string) => codeLabel(t, `values.${group}`, code);
  const regions = site.regions[v.country] ?? [];

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit(v);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <fieldset disabled={readOnly} className="row g-3">
        <legend className="visually-hidden">{t('form.label')}</legend>
        <FormField id="fictional-name" label={t('fields.name')} error={err('name')}>
          {(p) => <input {...p} required maxLength={40} autoComplete="off" value={v.name} onChange={set('name')} />}
        </FormField>
        <FormField id="fictional-status-field" label={t('fields.status')} error={err('status')} control="form-select">
          {(p) => (
            <select {...p} value={v.status} onChange={set('status')}>
              {FICTIONAL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="fictional-date-of-birth"
          label={t('fields.date_of_birth')}
          hint={t('form.dateOfBirthHint')}
          error={err('date_of_birth')}
        >
          {(p) => <input {...p} type="date" required value={v.date_of_birth} onChange={set('date_of_birth')} />}
        </FormField>
        <FormField id="fictional-gender" label={t('fields.gender')} error={err('gender')} control="form-select">
          {(p) => (
            <select {...p} value={v.gender} onChange={set('gender')}>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {label('gender', g)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="fictional-sexuality"
          label={t('fields.sexuality')}
          error={err('sexuality')}
          control="form-select"
        >
          {(p) => (
            <select {...p} value={v.sexuality} onChange={set('sexuality')}>
              {SEXUALITIES.map((s) => (
                <option key={s} value={s}>
                  {label('sexuality', s)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="fictional-country" label={t('fields.country')} error={err('country')} control="form-select">
          {(p) => (
            <select
              {...p}
              value={v.country}
              onChange={(e) => setV((o) => ({ ...o, country: e.target.value, region: '' }))}
            >
              {site.countries.map((c) => (
                <option key={c} value={c}>
                  {countryName(c)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="fictional-region"
          label={t('fields.region')}
          hint={t('form.regionHint')}
          error={err('region')}
          control="form-select"
        >
          {(p) => (
            <select {...p} value={v.region} onChange={set('region')}>
              <option value="">{t('form.regionFromCity')}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="fictional-city" label={t('fields.city')} hint={t('form.cityHint')} error={err('city')}>
          {(p) => <input {...p} maxLength={100} autoComplete="off" value={v.city} onChange={set('city')} />}
        </FormField>
        {ATTRIBUTE_FIELDS.map((field) => (
          <FormField
            key={field}
            id={`fictional-${field.replace(/_/g, '-')}`}
            label={t(`fields.${field}`)}
            error={err(field)}
            control="form-select"
          >
            {(p) => (
              <select {...p} value={v[field]} onChange={set(field)}>
                <option value="">{t('form.notGiven')}</option>
                {ATTRIBUTE_VALUES[field].map((code) => (
                  <option key={code} value={code}>
                    {label(field, code)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ))}
        <CheckboxGroup
          id="fictional-interests"
          legend={t('fields.interests')}
          error={err('interests')}
          options={INTERESTS.map((tag) => ({ value: tag as string, label: label('interests', tag) }))}
          value={v.interests}
          onChange={(interests) => setV((o) => ({ ...o, interests }))}
        />
        <FormField id="fictional-description" label={t('fields.description')} error={err('description')} cell="col-12">
          {(p) => <textarea {...p} rows={4} maxLength={2000} value={v.description} onChange={set('description')} />}
        </FormField>
        <FormField
          id="fictional-persona"
          label={t('fields.persona_note')}
          hint={t('form.personaHint')}
          error={err('persona_note')}
          cell="col-12"
        >
          {(p) => (
            <textarea
              {...p}
              rows={5}
              maxLength={PERSONA_NOTE_MAX}
              value={v.persona_note}
              onChange={set('persona_note')}
            />
          )}
        </FormField>
        <CheckboxGroup
          id="fictional-niches"
          legend={t('fields.niches')}
          hint={t('form.nichesHint')}
          error={err('niches')}
          options={FICTIONAL_NICHES.map((n) => ({ value: n as number, label: t(`niches.${n}`) }))}
          value={v.niches}
          onChange={(niches) => setV((o) => ({ ...o, niches: [...niches].sort((a, b) => a - b) }))}
        />
        {!readOnly && (
          <div className="col-12">
            {error ? <ErrorAlert className="mb-2">{fictionalErrorMessage(error)}</ErrorAlert> : null}
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {submitLabel}
            </button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
