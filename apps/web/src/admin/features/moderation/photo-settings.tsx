import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../../components/error-text';
import { photoSettingsQuery, useSetPhotoSettings } from './api';

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
        </div>
      ))}
      <p className="small mb-0 mt-2" role="status">
        {message}
      </p>
    </details>
  );
}
