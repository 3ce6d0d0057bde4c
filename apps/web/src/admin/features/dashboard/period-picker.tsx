import { DASHBOARD_MAX_DAYS, DASHBOARD_PRESET_DAYS } from '@app/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteSelect } from '../../components/site-select';
import { lastDays, periodProblem } from './period';

/**
 * The dashboard's choice of site and period: the site select and presets apply at once; typed
 * dates apply with the button (checked: from not after to, at most DASHBOARD_MAX_DAYS days).
 */
export function PeriodPicker({
  site,
  from,
  to,
  onSite,
  onPeriod,
}: {
  site: number | undefined;
  from: string;
  to: string;
  onSite: (site: number | undefined) => void;
  onPeriod: (period: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('admin-dashboard');
  const id = useId();
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const problem = draft.from && draft.to ? periodProblem(draft.from, draft.to) : 'order';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) onPeriod(draft);
  };

  return (
    <form className="card card-body mb-3" onSubmit={submit} aria-label={t('period.label')}>
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-4">
          <SiteSelect value={site} onChange={onSite} />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small mb-1" htmlFor={`${id}-from`}>
            {t('period.from')}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="form-control form-control-sm"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-utc${problem ? ` ${id}-problem` : ''}`}
          />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small mb-1" htmlFor={`${id}-to`}>
            {t('period.to')}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="form-control form-control-sm"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-utc`}
          />
        </div>
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm" disabled={problem !== null}>
            {t('period.apply')}
          </button>
        </div>
      </div>
      <fieldset className="mt-2">
        <legend className="form-label small mb-1">{t('period.presets')}</legend>
        <div className="d-flex flex-wrap gap-2">
          {DASHBOARD_PRESET_DAYS.map((days) => {
            const range = lastDays(days);
            const active = range.from === from && range.to === to;
            return (
              <button
                key={days}
                type="button"
                className={`btn btn-sm ${active ? 'btn-secondary' : 'btn-outline-secondary'}`}
                aria-pressed={active}
                onClick={() => onPeriod(range)}
              >
                {t('period.lastDays', { count: days })}
              </button>
            );
          })}
        </div>
      </fieldset>
      <p className="small text-body-secondary mb-0 mt-2" id={`${id}-utc`}>
        {t('period.utc')}
      </p>
      {problem && draft.from && draft.to && (
        <p className="small text-danger mb-0" id={`${id}-problem`} role="alert">
          {t(`period.problem.${problem}`, { max: DASHBOARD_MAX_DAYS })}
        </p>
      )}
    </form>
  );
}
