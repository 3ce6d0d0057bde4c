import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/select-field';
import { countryName } from '../../lib/i18n';
import { regionsQuery } from '../session/queries';
import { useSettings } from '../session/use-settings';
import { useGeolocation } from './use-geolocation';

export interface Location {
  country: string;
  region: string | null;
  city: string | null;
}

/**
 * Country (settings.countries), region (/api/regions.php of that country) and city, with
 * "use my location" (browser position → GET /api/geocode.php, SPEC.md 4 geolocation).
 */
export function LocationFields({ value, onChange }: { value: Location; onChange: (next: Location) => void }) {
  const { t, i18n } = useTranslation('profile');
  const settings = useSettings();
  const id = useId();
  const regions = useQuery(regionsQuery);
  const geo = useGeolocation();
  const [message, setMessage] = useState<string | null>(null);
  const [isLocating, setLocating] = useState(false);
  const countryRegions = regions.data?.[value.country] ?? [];

  const handleLocate = async () => {
    setMessage(null);
    setLocating(true);
    try {
      const place = await geo.locate();
      if (!place) setMessage(t('location.notFound'));
      else if (!settings.countries.includes(place.country)) {
        setMessage(t('location.outsideCountries', { country: countryName(place.country, i18n.language) }));
      } else {
        onChange({ country: place.country, region: place.region, city: place.city });
        setMessage(t('location.found', { city: place.city }));
      }
    } catch {
      setMessage(t('location.failed'));
    } finally {
      setLocating(false);
    }
  };

  return (
    <fieldset className="row g-3">
      <legend className="form-label fs-6 mb-0">{t('location.title')}</legend>
      <SelectField
        className="col-sm-4"
        label={t('location.country')}
        value={value.country}
        options={settings.countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
        onChange={(country) => onChange({ country, region: null, city: value.city })}
      />
      <SelectField
        className="col-sm-4"
        label={t('location.region')}
        value={value.region}
        emptyLabel={t('form.choose')}
        options={countryRegions.map((r) => ({ value: r.code, label: r.name }))}
        onChange={(region) => onChange({ ...value, region: region || null })}
      />
      <div className="col-sm-4">
        <label htmlFor={`${id}-city`} className="form-label">
          {t('common:profile.fields.city')}
        </label>
        <input
          id={`${id}-city`}
          className="form-control"
          maxLength={100}
          value={value.city ?? ''}
          onChange={(e) => onChange({ ...value, city: e.target.value })}
        />
      </div>
      <div className="col-12 d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={handleLocate}
          disabled={geo.state === 'unsupported' || geo.state === 'denied' || isLocating}
        >
          {isLocating ? t('location.locating') : t('location.useMine')}
        </button>
        {(geo.state === 'unsupported' || geo.state === 'denied') && (
          <small className="text-body-secondary">{t(`location.state.${geo.state}`)}</small>
        )}
        {message && (
          <small className="text-body-secondary" role="status">
            {message}
          </small>
        )}
      </div>
    </fieldset>
  );
}
