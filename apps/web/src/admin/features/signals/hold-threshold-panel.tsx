import { MAX_RISK_HOLD_THRESHOLD, type SignalSettings } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { signalSettingsQuery, useSetHoldThreshold } from './api';
import { formatScore } from './signal-errors';

/**
 * A hold threshold typed by staff as a number from 0 to MAX_RISK_HOLD_THRESHOLD (a comma is read as
 * the decimal point), else null.
 */
export function parseThreshold(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_RISK_HOLD_THRESHOLD ? n : null;
}

/** One site's threshold: a number field and Save; errors under the field in the back office's words. */
function ThresholdForm({ site }: { site: SignalSettings }) {
  const { t } = useTranslation('admin-signals');
  const id = useId();
  const save = useSetHoldThreshold();
  const [value, setValue] = useState(String(site.risk_hold_threshold));
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const threshold = parseThreshold(value);
    setInvalid(threshold === null);
    setSaved('');
    if (threshold === null) return;
    save.mutate(
      { site_id: site.site_id, risk_hold_threshold: threshold },
      {
        onSuccess: (result) =>
          setSaved(t('settings.saved', { site: result.site_name, value: formatScore(result.risk_hold_threshold) })),
      },
    );
  };

  return (
    <form className="mb-3" onSubmit={submit} noValidate data-testid="threshold-form">
      <label className="form-label small mb-1" htmlFor={id}>
        {t('settings.label', { site: `${site.site_name} (${site.domain})` })}
      </label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <input
          id={id}
          className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
          style={{ maxWidth: '8rem' }}
          inputMode="decimal"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {t('settings.save')}
        </button>
      </div>
      {invalid && (
        <div id={`${id}-error`} className="text-danger small mt-1">
          {t('settings.invalid', { max: MAX_RISK_HOLD_THRESHOLD })}
        </div>
      )}
      <AdminError error={save.error} />
      <p className="small mb-0 mt-1" role="status">
        {saved}
      </p>
    </form>
  );
}

/**
 * The hold threshold of each of the admin's sites (issue: safer conversations): above it a member's
 * new messages wait for review. Admins only (the server refuses others); audited on the server.
 */
export function HoldThresholdPanel() {
  const { t } = useTranslation('admin-signals');
  const settings = useQuery(signalSettingsQuery);
  return (
    <details className="card card-body mb-3" data-testid="threshold-panel">
      <summary className="fw-semibold">{t('settings.title')}</summary>
      <p className="small text-body-secondary mt-2">{t('settings.hint')}</p>
      <AdminError error={settings.error} />
      {settings.data?.map((site) => (
        <ThresholdForm key={site.site_id} site={site} />
      ))}
    </details>
  );
}
