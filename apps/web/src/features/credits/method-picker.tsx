import type { PaymentMethod } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { MethodIcon } from './method-icon';

/** Payment-method choice (SPEC.md 2, 9): the provider's methods with readable names and simple icons. */
export function MethodPicker({
  methods,
  selected,
  onSelect,
}: {
  methods: readonly PaymentMethod[];
  selected: PaymentMethod | null;
  onSelect: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('money');
  if (methods.length === 0) return <p className="text-body-secondary">{t('methods.none')}</p>;
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-2" role="radiogroup" aria-label={t('methods.heading')}>
      {methods.map((method) => (
        <div className="col" key={method}>
          <label
            className={`method-option d-flex align-items-center gap-2 border rounded p-2 h-100${
              selected === method ? ' border-primary border-2 bg-primary-subtle' : ''
            }`}
            data-testid={`method-${method}`}
          >
            <input
              type="radio"
              name="method"
              className="form-check-input mt-0"
              value={method}
              checked={selected === method}
              onChange={() => onSelect(method)}
            />
            <MethodIcon method={method} />
            <span>{t(`methods.names.${method}`)}</span>
          </label>
        </div>
      ))}
    </div>
  );
}
