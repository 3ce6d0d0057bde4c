import { contrastWithWhite, MIN_CONTRAST } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A site colour: a colour picker and its hex value, with a sample of white text on it and its
 * contrast; "theme colour" empties it (null: the theme's own colour).
 */
export function ColorField({
  id,
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  /** The theme's colour shown while `value` is null. */
  fallback: string;
  error?: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('admin-sites');
  const shown = value ?? fallback;
  const isHex = /^#[0-9a-f]{6}$/i.test(shown);
  const ratio = isHex ? contrastWithWhite(shown.toLowerCase()) : 0;
  return (
    <div className="col-12 col-md-6">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <input
          id={id}
          type="color"
          className="form-control form-control-color"
          value={isHex ? shown.toLowerCase() : fallback}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.value)}
        />
        <code>{value ?? t('look.themeColor')}</code>
        {value && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange(null)}>
            {t('look.useTheme')}
          </button>
        )}
      </div>
      <div id={`${id}-hint`} className="form-text">
        <span
          className="d-inline-block px-2 rounded me-2"
          style={isHex && ratio >= MIN_CONTRAST ? { background: shown, color: '#fff' } : undefined}
        >
          {t('look.sample')}
        </span>
        {t('look.contrast', { ratio: ratio.toFixed(1), min: MIN_CONTRAST })}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
