import { type CreditPackage, type DirectDebitBody, DirectDebitBodySchema, type DiscountCode } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MandatePrefill, startDirectDebit } from './api';
import { DRAFT_FIELDS, type Draft, draftProblems, EMPTY_DRAFT } from './direct-debit-draft';
import { DirectDebitError } from './direct-debit-error';
import { fieldErrors, needsGeneralAlert } from './field-errors';
import { compactIban } from './iban';
import { IbanInput } from './iban-input';
import { PackageChoice } from './package-choice';

/** What step 2 needs: the started mandate and the body, to ask for a new code. */
export interface StartedMandate {
  mandate: number;
  phone_hint: string;
  body: DirectDebitBody;
}

/** Fields taken over from the last mandate; IBAN and phone come masked and are typed again. */
const PREFILLED = ['account_holder', 'street', 'house_number', 'zip', 'city'] as const;

/** The empty form with the address and holder of the last mandate filled in. */
function prefilledDraft(prefill: MandatePrefill | null): Draft {
  if (!prefill) return EMPTY_DRAFT;
  return { ...EMPTY_DRAFT, ...Object.fromEntries(PREFILLED.map((f) => [f, prefill[f]])) };
}

const LAYOUT: Record<keyof Draft, { col: string; autoComplete: string; type?: string }> = {
  account_holder: { col: 'col-12', autoComplete: 'name' },
  iban: { col: 'col-12', autoComplete: 'off' },
  street: { col: 'col-7 col-sm-8', autoComplete: 'address-line1' },
  house_number: { col: 'col-5 col-sm-4', autoComplete: 'off' },
  zip: { col: 'col-5', autoComplete: 'postal-code' },
  city: { col: 'col-7', autoComplete: 'address-level2' },
  phone: { col: 'col-12', autoComplete: 'tel', type: 'tel' },
};

/**
 * Step 1 of /directdebit (SPEC.md 2, 3 Direct debit): package, account holder, IBAN (grouped and
 * checked with ibantools), address and phone; POST /api/directdebit.php sends the SMS code.
 */
export function DirectDebitForm(props: {
  packages: CreditPackage[];
  /** The member's active discount, applied by the server to this payment too. */
  discount: DiscountCode | null;
  initialPackage: number | null;
  isPackageFixed: boolean;
  /** The last confirmed mandate (GET /api/directdebit.php), or null. */
  prefill: MandatePrefill | null;
  onStarted: (started: StartedMandate) => void;
}) {
  const { t } = useTranslation('billing');
  const [packageId, setPackageId] = useState(props.initialPackage);
  const { prefill } = props;
  const [draft, setDraft] = useState<Draft>(() => prefilledDraft(prefill));
  const [isChecked, setChecked] = useState(false);
  const start = useMutation({
    mutationFn: startDirectDebit,
    onSuccess: (answer, body) => props.onStarted({ mandate: answer.mandate, phone_hint: answer.phone_hint, body }),
  });
  const local = isChecked ? draftProblems(draft) : {};
  const remote = fieldErrors(start.error, (field) =>
    t(`directDebit.errors.${field}`, { defaultValue: t('form.invalid') }),
  );
  const problem = (field: keyof Draft) => (local[field] ? t(local[field]) : remote[field]);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    const body = DirectDebitBodySchema.safeParse({ ...draft, iban: compactIban(draft.iban), package: packageId });
    if (!body.success || Object.keys(draftProblems(draft)).length > 0) return;
    start.mutate(body.data);
  };
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="direct-debit-form">
      {needsGeneralAlert(start.error, remote, DRAFT_FIELDS) && <DirectDebitError error={start.error} />}
      <PackageChoice
        packages={props.packages}
        discount={props.discount}
        value={packageId}
        isFixed={props.isPackageFixed}
        onChange={setPackageId}
      />
      <div className="row g-3 mb-3">
        {DRAFT_FIELDS.map((field) => {
          const id = `dd-${field}`;
          const invalid = problem(field) ? 'is-invalid' : '';
          const { col, ...input } = LAYOUT[field];
          return (
            <div key={field} className={col}>
              <label htmlFor={id} className="form-label">
                {t(`directDebit.fields.${field}`)}
              </label>
              {field === 'iban' ? (
                <IbanInput
                  id={id}
                  className={invalid}
                  value={draft.iban}
                  onChange={set('iban')}
                  placeholder={t('directDebit.ibanPlaceholder')}
                  required
                />
              ) : (
                <input
                  id={id}
                  {...input}
                  className={`form-control ${invalid}`}
                  value={draft[field]}
                  onChange={(e) => set(field)(e.target.value)}
                  required
                />
              )}
              <div className="invalid-feedback">{problem(field)}</div>
              {field === 'iban' && prefill?.iban_hint && (
                <div className="form-text">{t('directDebit.lastUsed', { value: prefill.iban_hint })}</div>
              )}
              {field === 'phone' && prefill?.phone_hint && (
                <div className="form-text">{t('directDebit.lastUsed', { value: prefill.phone_hint })}</div>
              )}
            </div>
          );
        })}
      </div>
      <p className="small text-body-secondary">{t('directDebit.smsNote')}</p>
      <button type="submit" className="btn btn-primary" disabled={start.isPending || packageId === null}>
        {t('directDebit.submit')}
      </button>
    </form>
  );
}
