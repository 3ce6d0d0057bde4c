import type { DirectDebitBody } from '@app/contracts';
import { DirectDebitBodySchema } from '@app/contracts';
import { isIbanValid } from './iban';

/** The typed fields of the direct-debit form, in form order (SPEC.md 3 Direct debit). */
export const DRAFT_FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const;
export type Draft = Pick<DirectDebitBody, (typeof DRAFT_FIELDS)[number]>;
export const EMPTY_DRAFT: Draft = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  zip: '',
  city: '',
  phone: '',
};

/**
 * The fields of `draft` that the server would refuse, each with its catalogue key (billing:...):
 * the rules of DirectDebitBodySchema plus the IBAN checksum (ibantools).
 */
export function draftProblems(draft: Draft): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  const parsed = DirectDebitBodySchema.omit({ package: true }).safeParse(draft);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as keyof Draft;
    problems[field] = `directDebit.errors.${field}`;
  }
  if (!isIbanValid(draft.iban)) problems.iban = 'directDebit.errors.iban';
  return problems;
}
