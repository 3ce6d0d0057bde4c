import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterActions, FilterInput } from '../../components/filter-form';
import { SiteSelect } from '../../components/site-select';
import { staffListQuery } from './api';
import type { AuditFilterValues } from './audit-search';

const EMPTY: AuditFilterValues = {
  staff_id: '',
  action: '',
  object_type: '',
  object_id: '',
  member_user_id: '',
  site_id: '',
  from: '',
  to: '',
};

/**
 * The audit log's filters: staff (from the staff list), action prefix, object type and id, member
 * id, site, from and to dates. `onApply` gets the values when the form is sent or cleared.
 */
export function AuditFilters({
  value,
  onApply,
}: {
  value: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
}) {
  const { t } = useTranslation('admin');
  const { data: staff = [] } = useQuery(staffListQuery);
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const set = (name: keyof AuditFilterValues) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }

  const field = (name: keyof AuditFilterValues, label: string, props: Record<string, unknown> = {}, help?: string) => (
    <FilterInput id={`audit-${name}`} label={label} help={help} value={draft[name]} onChange={set(name)} {...props} />
  );

  return (
    <form className="card card-body mb-3" onSubmit={submit} aria-label={t('audit.filters')}>
      <div className="row g-2">
        <div className="col-12 col-sm-6 col-lg-3">
          <label className="form-label small mb-1" htmlFor="audit-staff_id">
            {t('audit.staff')}
          </label>
          <select
            id="audit-staff_id"
            className="form-select form-select-sm"
            value={draft.staff_id}
            onChange={set('staff_id')}
          >
            <option value="">{t('audit.allStaff')}</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.email}
              </option>
            ))}
          </select>
        </div>
        {field('action', t('audit.action'), { spellCheck: false }, t('audit.actionHint'))}
        {field('object_type', t('audit.objectType'), { spellCheck: false, list: 'audit-object-types' })}
        {field('object_id', t('audit.objectId'), { spellCheck: false })}
        {field('member_user_id', t('audit.member'), { inputMode: 'numeric', pattern: '[0-9]*' })}
        <div className="col-12 col-sm-6 col-lg-3">
          <SiteSelect
            value={draft.site_id ? Number(draft.site_id) : undefined}
            onChange={(id) => setDraft((d) => ({ ...d, site_id: id ? String(id) : '' }))}
          />
        </div>
        {field('from', t('filters.from'), { type: 'date' })}
        {field('to', t('filters.to'), { type: 'date' })}
      </div>
      <datalist id="audit-object-types">
        {['staff', 'member', 'photo', 'report', 'sanction', 'complaint', 'payment'].map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <FilterActions
        applyLabel={t('filters.apply')}
        clearLabel={t('audit.clear')}
        onClear={() => {
          setDraft(EMPTY);
          onApply(EMPTY);
        }}
      />
    </form>
  );
}
