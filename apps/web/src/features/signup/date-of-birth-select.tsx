import { MAXIMUM_AGE, MINIMUM_AGE } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../lib/i18n';
import { joinDate, splitDate } from './draft';

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));

/** Date of birth as three selects (day, month, year); the value is YYYY-MM-DD with empty parts allowed. */
export function DateOfBirthSelect({
  value,
  onChange,
  isInvalid,
  describedBy,
}: {
  value: string;
  onChange: (value: string) => void;
  isInvalid: boolean;
  describedBy?: string;
}) {
  const { t, i18n } = useTranslation('access');
  const parts = splitDate(value);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: MAXIMUM_AGE - MINIMUM_AGE + 1 }, (_, i) => String(thisYear - MINIMUM_AGE - i));
  const monthName = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long' });
  const set = (part: 'day' | 'month' | 'year') => (e: { target: { value: string } }) =>
    onChange(joinDate({ ...parts, [part]: e.target.value }));
  // border-danger rather than is-invalid: the validation icon leaves no room for the text on a phone.
  const cls = `form-select px-2${isInvalid ? ' border-danger' : ''}`;
  return (
    <fieldset className="mb-0" aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-2">{t('signup.dateOfBirth')}</legend>
      <div className="d-flex gap-2">
        <select
          className={cls}
          aria-label={t('signup.day')}
          value={String(Number(parts.day) || '')}
          onChange={set('day')}
        >
          <option value="">{t('signup.day')}</option>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <select
          className={cls}
          aria-label={t('signup.month')}
          value={String(Number(parts.month) || '')}
          onChange={set('month')}
        >
          <option value="">{t('signup.month')}</option>
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {monthName.format(new Date(Date.UTC(2000, Number(m) - 1, 15)))}
            </option>
          ))}
        </select>
        <select className={cls} aria-label={t('signup.year')} value={parts.year} onChange={set('year')}>
          <option value="">{t('signup.year')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
