import { SIGNUP_DRAFT_KEY } from '@app/contracts/constants';
import { readStorage, writeStorage } from '../../lib/storage';

/** The signup form draft of SPEC.md 3 as it survives a reload: everything but the password. */
export interface SignupDraft {
  email: string;
  name: string;
  /** YYYY-MM-DD; parts not chosen yet are empty ("1990--"). */
  date_of_birth: string;
  signup_message: string;
}

/** sessionStorage key of the draft (the public pages' signup dialog keeps its draft there too). */
export { SIGNUP_DRAFT_KEY };

export const EMPTY_DRAFT: SignupDraft = { email: '', name: '', date_of_birth: '', signup_message: '' };

/** The stored draft, or an empty one. */
export function readDraft(): SignupDraft {
  try {
    const stored = JSON.parse(readStorage(SIGNUP_DRAFT_KEY, 'session') ?? '{}') as Partial<SignupDraft>;
    return {
      email: typeof stored.email === 'string' ? stored.email : '',
      name: typeof stored.name === 'string' ? stored.name : '',
      date_of_birth: typeof stored.date_of_birth === 'string' ? stored.date_of_birth : '',
      signup_message: typeof stored.signup_message === 'string' ? stored.signup_message : '',
    };
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

/** Stores the draft in sessionStorage; a password passed along is never written. */
export function writeDraft(draft: SignupDraft & { password?: string }): void {
  const { email, name, date_of_birth, signup_message } = draft;
  writeStorage(SIGNUP_DRAFT_KEY, JSON.stringify({ email, name, date_of_birth, signup_message }), 'session');
}

/** Forgets the draft (after a successful signup). */
export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(SIGNUP_DRAFT_KEY);
  } catch {
    // blocked storage: nothing was stored either
  }
}

/** Splits a draft date (YYYY-MM-DD, parts possibly empty) into its parts. */
export function splitDate(value: string): { year: string; month: string; day: string } {
  const [year = '', month = '', day = ''] = value.split('-');
  return { year, month, day };
}

/** Joins date parts into YYYY-MM-DD, zero-padded; empty parts stay empty. */
export function joinDate(parts: { year: string; month: string; day: string }): string {
  const pad = (v: string) => (v ? v.padStart(2, '0') : '');
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}
