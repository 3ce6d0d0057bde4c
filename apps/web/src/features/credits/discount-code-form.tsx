import type { DiscountCode, PaymentMethod } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../account/api-error-alert';
import { checkDiscountCode } from './api';

interface DiscountCodeFormProps {
  packageId: number | null;
  method: PaymentMethod | null;
  applied: DiscountCode | null;
  onApply: (discount: DiscountCode | null) => void;
}

/**
 * The discount-code field (SPEC.md 3, 5): the code is checked with GET /api/discountcode.php for the
 * chosen package and method; refusals ("Code niet gevonden", "Code reeds gebruikt", ...) show the
 * server's message in the member's language.
 */
export function DiscountCodeForm({ packageId, method, applied, onApply }: DiscountCodeFormProps) {
  const { t } = useTranslation('money');
  const inputId = useId();
  const [code, setCode] = useState('');
  const check = useMutation({
    mutationFn: (value: string) => checkDiscountCode(value, packageId ?? undefined, method ?? undefined),
    onSuccess: (discount) => {
      onApply(discount);
      setCode('');
    },
  });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (value) check.mutate(value);
  };

  if (applied) {
    return (
      <div className="alert alert-success d-flex align-items-center gap-2 py-2 mb-0" data-testid="code-applied">
        <span className="me-auto">
          {t('code.applied', { code: applied.code, percentage: applied.value_percentage })}
        </span>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onApply(null)}>
          {t('code.remove')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit} noValidate>
      <label htmlFor={inputId} className="form-label">
        {t('code.label')}
      </label>
      <div className="input-group has-validation">
        <input
          id={inputId}
          className={`form-control${check.isError ? ' is-invalid' : ''}`}
          value={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => {
            setCode(e.target.value);
            check.reset();
          }}
          aria-describedby={check.isError ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={!code.trim() || check.isPending}>
          {check.isPending ? t('code.checking') : t('code.apply')}
        </button>
        {check.isError && (
          <div id={`${inputId}-error`} className="invalid-feedback" role="alert" data-testid="code-error">
            {errorText(check.error, t)}
          </div>
        )}
      </div>
    </form>
  );
}
