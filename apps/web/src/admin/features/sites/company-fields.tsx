import type { CompanyInput } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorAt, type FieldErrors } from './field-errors';
import { TextField } from './form-fields';

/** The company fields as a form edits them (lists as typed text, numbers as numbers). */
export type CompanyDraft = Omit<CompanyInput, 'tradenames' | 'vat_numbers'> & {
  tradenames: string[];
  vat_numbers: string[];
};

/** An empty company for the "new company" choice of the create form. */
export const EMPTY_COMPANY: CompanyDraft = {
  name: '',
  address: '',
  kvk: '',
  city: '',
  country: 'NL',
  tradenames: [],
  vat_numbers: [],
  support_phone: '',
  delete_discount: 0,
  added: new Date().toISOString().slice(0, 10),
};

/** Splits a list typed one per line or separated by commas. */
const lines = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Every field of the company info (SPEC.md 3): name, address, kvk, city, country, trade names, VAT
 * numbers, support phone, delete discount (%) and the date added. `prefix` keeps ids unique per form;
 * `errorPrefix` is where the form's errors name these fields ('' or 'company/').
 */
export function CompanyFields({
  value,
  onChange,
  errors,
  prefix,
  errorPrefix = '',
}: {
  value: CompanyDraft;
  onChange: (value: CompanyDraft) => void;
  errors: FieldErrors;
  prefix: string;
  errorPrefix?: string;
}) {
  const { t } = useTranslation('admin-sites');
  const [tradenames, setTradenames] = useState(value.tradenames.join(', '));
  const [vat, setVat] = useState(value.vat_numbers.join(', '));
  const set = <K extends keyof CompanyDraft>(field: K, v: CompanyDraft[K]) => onChange({ ...value, [field]: v });
  const text = (field: 'name' | 'address' | 'kvk' | 'city' | 'country' | 'support_phone' | 'added', max: number) => (
    <TextField
      id={`${prefix}-${field}`}
      label={t(`company.${field}`)}
      hint={field === 'added' ? t('company.addedHint') : undefined}
      error={errorAt(errors, `${errorPrefix}${field}`)}
      maxLength={max}
      value={value[field]}
      onChange={(v) => set(field, v)}
    />
  );
  return (
    <>
      {text('name', 200)}
      {text('address', 300)}
      {text('kvk', 20)}
      {text('city', 100)}
      {text('country', 2)}
      {text('support_phone', 30)}
      <TextField
        id={`${prefix}-tradenames`}
        label={t('company.tradenames')}
        hint={t('company.listHint')}
        error={errorAt(errors, `${errorPrefix}tradenames`)}
        value={tradenames}
        onChange={(v) => {
          setTradenames(v);
          set('tradenames', lines(v));
        }}
      />
      <TextField
        id={`${prefix}-vat_numbers`}
        label={t('company.vat_numbers')}
        hint={t('company.vatHint')}
        error={errorAt(errors, `${errorPrefix}vat_numbers`)}
        value={vat}
        onChange={(v) => {
          setVat(v);
          set('vat_numbers', lines(v));
        }}
      />
      <TextField
        id={`${prefix}-delete_discount`}
        type="number"
        label={t('company.delete_discount')}
        error={errorAt(errors, `${errorPrefix}delete_discount`)}
        value={value.delete_discount}
        onChange={(v) => set('delete_discount', v === '' ? Number.NaN : Number(v))}
      />
      {text('added', 10)}
    </>
  );
}
