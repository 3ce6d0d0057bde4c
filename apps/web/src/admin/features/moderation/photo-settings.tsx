import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { photoSettingsQuery, useSetPhotoSettings } from './api';

/**
 * A site's explicit-photo threshold (issue: explicit photos): photos scored above it are blurred for
 * chat recipients and wait for a moderator even with automatic approval. 0.05..1, audited on the server.
 */
function ThresholdForm({
  site,
  onSaved,
}: {
  site: {
    site_id: number;
    site_name: string;
    auto_approve_photos: boolean;
    explicit_photo_threshold?: number | undefined;
  };
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const save = useSetPhotoSettings();
  const [value, setValue] = useState(String(site.explicit_photo_threshold ?? ''));
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      className="d-flex flex-wrap align-items-end gap-2 mt-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const threshold = Number(value);
        const ok = value.trim() !== '' && Number.isFinite(threshold) && threshold >= 0.05 && threshold <= 1;
        setInvalid(!ok);
        if (!ok) return;
        save.mutate(
          { site_id: site.site_id, auto_approve_photos: site.auto_approve_photos, explicit_photo_threshold: threshold },
          { onSuccess: () => onSaved(t('photos.thresholdSaved', { site: site.site_name, threshold })) },
        );
      }}
    >
      <div>
        <label className="form-label small mb-1" htmlFor={id}>
          {t('photos.threshold', { site: site.site_name })}
        </label>
        <input
          id={id}
          className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
          type="number"
          inputMode="decimal"
          step="0.05"
          value={value}
          aria-describedby={invalid ? `${id}-error` : undefined}
          aria-invalid={invalid}
          onChange={(e) => setValue(e.target.value)}
          data-testid="explicit-threshold"
        />
        {invalid && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {t('photos.thresholdInvalid')}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={save.isPending}>
        {t('photos.thresholdSave')}
      </button>
      <AdminError error={save.error} />
    </form>
  );
}

/** Switches of automatic photo approval, one per site the account moderates (audited on the server). */
export function PhotoSettingsPanel() {
  const { t } = useTranslation('admin-moderation');
  const id = useId();
  const settings = useQuery(photoSettingsQuery);
  const save = useSetPhotoSettings();
  const [message, setMessage] = useState('');
  if (!settings.data) return <AdminError error={settings.error} />;
  return (
    <details className="card card-body mb-3">
      <summary className="fw-semibold">{t('photos.settings')}</summary>
      <p className="small text-body-secondary mt-2">{t('photos.settingsHint')}</p>
      <AdminError error={save.error} />
      {settings.data.map((site) => (
        <div className="form-check form-switch" key={site.site_id}>
          <input
            id={`${id}-${site.site_id}`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={site.auto_approve_photos}
            checked={site.auto_approve_photos}
            disabled={save.isPending}
            onChange={(e) => {
              const on = e.target.checked;
              save.mutate(
                { site_id: site.site_id, auto_approve_photos: on },
                {
                  onSuccess: () =>
                    setMessage(
                      t('photos.settingsSaved', { site: site.site_name, state: t(on ? 'photos.on' : 'photos.off') }),
                    ),
                },
              );
            }}
          />
          <label className="form-check-label" htmlFor={`${id}-${site.site_id}`}>
            {t('photos.autoApprove', { site: `${site.site_name} (${site.domain})` })}
          </label>
          <ThresholdForm site={site} onSaved={setMessage} />
        </div>
      ))}
      <p className="small text-body-secondary mt-2 mb-0">{t('photos.thresholdHint')}</p>
      <p className="small mb-0 mt-2" role="status">
        {message}
      </p>
    </details>
  );
}
