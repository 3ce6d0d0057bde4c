import { STAFF_ROLE_NAMES, type StaffRoleName } from '@app/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled select of the staff roles, with what the chosen role may do below it. */
export function RoleSelect({ value, onChange }: { value: StaffRoleName; onChange: (role: StaffRoleName) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('staff.role')}
      </label>
      <select
        id={id}
        className="form-select"
        value={value}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.value as StaffRoleName)}
      >
        {STAFF_ROLE_NAMES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
      <div id={`${id}-help`} className="form-text">
        {t(`staff.roleHelp.${value}`)}
      </div>
    </div>
  );
}
