import type { AdminSite } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { TableBox } from '../members/section';
import { errorAt, type FieldErrors } from './field-errors';
import { SettingsCard, TextField } from './form-fields';
import { SaveBar, useSectionForm } from './use-section-form';

const NUMBERS = [
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'message_length',
  'refund_days',
] as const;
const FIELDS = [...NUMBERS, 'minimum_message_costs'] as const;

type Cost = AdminSite['minimum_message_costs'][number];

/** Money and prices (SPEC.md 3, 9): credits per message, photo, gift and signup, message length, refund days, prices per country. */
export function MoneySection({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin-sites');
  const form = useSectionForm(site, FIELDS);
  const { draft, set, errors } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsCard id="money" title={t('sections.money')} footer={<SaveBar form={form} id="money" />}>
        {NUMBERS.map((field) => (
          <TextField
            key={field}
            id={`site-${field}`}
            type="number"
            className="col-6 col-md-4"
            label={t(`fields.${field}`)}
            error={errorAt(errors, field)}
            value={draft[field]}
            onChange={(v) => set(field, v === '' ? Number.NaN : Number(v))}
          />
        ))}
        <CostsTable
          rows={draft.minimum_message_costs}
          errors={errors}
          onChange={(v) => set('minimum_message_costs', v)}
        />
      </SettingsCard>
    </form>
  );
}

/** The editable table of minimum_message_costs: per country the cost in credits and the currency. */
function CostsTable({
  rows,
  errors,
  onChange,
}: {
  rows: Cost[];
  errors: FieldErrors;
  onChange: (rows: Cost[]) => void;
}) {
  const { t } = useTranslation('admin-sites');
  const change = (i: number, patch: Partial<Cost>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const cell = (i: number, key: keyof Cost, label: string) => {
    const path = `minimum_message_costs/${i}/${key}`;
    const error = errorAt(errors, path);
    const id = `cost-${i}-${key}`;
    return (
      <td>
        <label className="visually-hidden" htmlFor={id}>
          {`${label} ${i + 1}`}
        </label>
        <input
          id={id}
          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
          type={key === 'costs' ? 'number' : 'text'}
          maxLength={key === 'costs' ? undefined : key === 'country' ? 2 : 3}
          value={Number.isNaN(rows[i]?.[key]) ? '' : String(rows[i]?.[key] ?? '')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) =>
            change(i, {
              [key]: key === 'costs' ? (e.target.value === '' ? Number.NaN : Number(e.target.value)) : e.target.value,
            })
          }
        />
        {error && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </td>
    );
  };
  return (
    <div className="col-12">
      <h3 className="h6" id="costs-title">
        {t('fields.minimum_message_costs')}
      </h3>
      <p className="form-text mt-0">{t('hints.minimum_message_costs')}</p>
      {errors.minimum_message_costs && <div className="invalid-feedback d-block">{errors.minimum_message_costs}</div>}
      <TableBox label={t('fields.minimum_message_costs')}>
        <table className="table table-sm align-middle mb-2" aria-labelledby="costs-title">
          <thead>
            <tr>
              <th scope="col">{t('costs.country')}</th>
              <th scope="col">{t('costs.costs')}</th>
              <th scope="col">{t('costs.currency')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('costs.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a row's place is its identity while editing
              <tr key={i}>
                {cell(i, 'country', t('costs.country'))}
                {cell(i, 'costs', t('costs.costs'))}
                {cell(i, 'currency', t('costs.currency'))}
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    {t('costs.remove', { country: row.country || i + 1 })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => onChange([...rows, { country: '', costs: 0, currency: 'EUR' }])}
      >
        {t('costs.add')}
      </button>
    </div>
  );
}
