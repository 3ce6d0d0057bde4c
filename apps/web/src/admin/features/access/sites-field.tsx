import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sitesQuery } from '../../components/site-select';
import { useStaff } from '../../lib/session';

/**
 * The sites a staff account works on: "All sites" (value null) or a choice of the sites (value the
 * chosen ids), as a fieldset of checkboxes. `invalid` marks it when the choice is empty. Only staff
 * of every site are offered "All sites"; the choice lists the signed-in account's own sites (the
 * server refuses anything beyond them).
 */
export function SitesField({
  value,
  onChange,
  invalid = false,
}: {
  value: number[] | null;
  onChange: (siteIds: number[] | null) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { data: sites = [] } = useQuery(sitesQuery);
  const mayChooseAll = useStaff().site_ids === null;
  const all = value === null;

  function toggle(siteId: number, on: boolean) {
    const chosen = new Set(value ?? []);
    if (on) chosen.add(siteId);
    else chosen.delete(siteId);
    onChange([...chosen].sort((a, b) => a - b));
  }

  return (
    <fieldset className="mb-3" aria-describedby={invalid ? `${id}-error` : undefined}>
      <legend className="form-label fs-6 mb-1">{t('staff.sites')}</legend>
      {mayChooseAll && (
        <div className="form-check">
          <input
            id={`${id}-all`}
            className="form-check-input"
            type="checkbox"
            checked={all}
            onChange={(e) => onChange(e.target.checked ? null : [])}
          />
          <label className="form-check-label" htmlFor={`${id}-all`}>
            {t('staff.allSites')}
          </label>
        </div>
      )}
      {!all &&
        sites.map((site) => (
          <div className={`form-check${mayChooseAll ? ' ms-3' : ''}`} key={site.id}>
            <input
              id={`${id}-${site.id}`}
              className={`form-check-input${invalid ? ' is-invalid' : ''}`}
              type="checkbox"
              checked={value.includes(site.id)}
              onChange={(e) => toggle(site.id, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-${site.id}`}>
              {site.name} ({site.domain})
            </label>
          </div>
        ))}
      {invalid && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {t('staff.sitesRequired')}
        </div>
      )}
    </fieldset>
  );
}
