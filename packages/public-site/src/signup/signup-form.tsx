/** @jsxImportSource preact */
import {
  CLIENT_HEADER,
  MAXIMUM_AGE,
  MINIMUM_AGE,
  SIGNUP_DRAFT_KEY,
  SIGNUP_PATH,
  TRACKING_STORAGE_KEY,
} from '@app/contracts/constants';
import { type SignupField, validateSignup } from '@app/contracts/signup-form';
import { useEffect, useState } from 'preact/hooks';
import type { SignupDialogProps } from './props.js';

/** Where a new member continues: the member app's signup steps after the form (SPEC.md 4), from the photo. */
export const CONTINUE_PATH = '/signup?step=photo';

const FIELDS: readonly SignupField[] = ['email', 'name', 'password', 'date_of_birth'];

/** The form's draft as the member app keeps it in sessionStorage (never the password). */
interface Draft {
  email: string;
  name: string;
  /** YYYY-MM-DD; parts not chosen yet are empty ("1990--"). */
  date_of_birth: string;
}

function readSession(key: string, kind: 'local' | 'session'): string | null {
  try {
    return (kind === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function readDraft(): Draft {
  try {
    const stored = JSON.parse(readSession(SIGNUP_DRAFT_KEY, 'session') ?? '{}') as Partial<Draft>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return { email: text(stored.email), name: text(stored.name), date_of_birth: text(stored.date_of_birth) };
  } catch {
    return { email: '', name: '', date_of_birth: '' };
  }
}

function writeDraft(draft: Draft | null): void {
  try {
    if (draft) window.sessionStorage.setItem(SIGNUP_DRAFT_KEY, JSON.stringify({ ...draft, signup_message: '' }));
    else window.sessionStorage.removeItem(SIGNUP_DRAFT_KEY);
  } catch {
    // blocked storage: the draft is simply not kept
  }
}

/** The tracking values the public pages stored on arrival (SPEC.md 3, 4), sent with the signup. */
function readTracking(): Record<string, string> {
  try {
    return JSON.parse(readSession(TRACKING_STORAGE_KEY, 'local') ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** The API's error shape `{ error, message, data? }` (one error shape, SPEC.md 8). */
interface ApiError {
  error?: string;
  message?: string;
  data?: { field?: unknown };
}

export interface SignupFormProps extends SignupDialogProps {
  /** Told true from the submit until the page moves on, false again when the signup failed. */
  onProgress: (isInProgress: boolean) => void;
}

/**
 * The member app's signup form (SPEC.md 2, 5) for the public pages' dialog: e-mail, profile name,
 * password, date of birth as three selects, with the app's rules (contracts signup-form.ts) and texts.
 * It posts POST /api/signup.php with the client header (docs/decisions/002-client-request-header.md)
 * and the stored tracking values; the new member continues with the app's signup steps
 * (CONTINUE_PATH). The server's field errors land under their field, others in the alert.
 */
export function SignupForm({ lang, locale, texts, rules, onProgress }: SignupFormProps) {
  const [draft, setDraft] = useState<Draft>(readDraft);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  useEffect(() => writeDraft(draft), [draft]);
  // The form arrives after the dialog opened: its first field takes the focus then.
  useEffect(() => document.getElementById('signup-email')?.focus(), []);

  const set = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const fail = (answer: ApiError | null) => {
    const field = answer?.data?.field;
    if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field) && answer?.message) {
      setErrors({ [field]: answer.message });
    } else {
      setAlert(answer?.message || texts.general);
    }
    setPending(false);
    onProgress(false);
  };

  const handleSubmit = async (event: Event) => {
    event.preventDefault();
    setAlert(null);
    const failed = validateSignup({ ...draft, password });
    setErrors(Object.fromEntries(Object.entries(failed).map(([field, err]) => [field, rules[err.key] ?? err.key])));
    if (Object.keys(failed).length > 0) return;
    setPending(true);
    onProgress(true);
    const body = {
      email: draft.email.trim(),
      name: draft.name.trim(),
      password,
      date_of_birth: draft.date_of_birth,
      tracking: readTracking(),
      language: lang,
    };
    let response: Response;
    try {
      response = await fetch(SIGNUP_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [CLIENT_HEADER.name]: CLIENT_HEADER.value },
        body: JSON.stringify(body),
      });
    } catch {
      setAlert(texts.network);
      setPending(false);
      onProgress(false);
      return;
    }
    if (!response.ok) {
      fail((await response.json().catch(() => null)) as ApiError | null);
      return;
    }
    writeDraft(null);
    window.location.assign(CONTINUE_PATH);
  };

  const input = (field: 'email' | 'name', autoComplete: string) => {
    const attributes = {
      id: `signup-${field}`,
      class: errors[field] ? 'pub-input pub-invalid' : 'pub-input',
      autoComplete,
      value: draft[field],
      onInput: (e: Event) => set(field, (e.target as HTMLInputElement).value),
      'aria-invalid': errors[field] ? ('true' as const) : undefined,
      'aria-describedby': errors[field] ? `signup-${field}-error` : undefined,
      required: true,
    };
    return (
      <div class="pub-field">
        <label for={`signup-${field}`}>{texts[field]}</label>
        {field === 'email' ? <input type="email" {...attributes} /> : <input type="text" {...attributes} />}
        {errors[field] && (
          <div id={`signup-${field}-error`} class="pub-field-error">
            {errors[field]}
          </div>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="signup-form">
      {alert && (
        <div class="pub-alert" role="alert">
          {alert}
        </div>
      )}
      {input('email', 'email')}
      {input('name', 'nickname')}
      <div class="pub-field">
        <label for="signup-password">{texts.password}</label>
        <input
          id="signup-password"
          type="password"
          class={errors.password ? 'pub-input pub-invalid' : 'pub-input'}
          autoComplete="new-password"
          value={password}
          onInput={(e) => {
            setPassword((e.target as HTMLInputElement).value);
            setErrors((er) => ({ ...er, password: undefined }));
          }}
          aria-invalid={errors.password ? 'true' : undefined}
          aria-describedby={errors.password ? 'signup-password-error' : undefined}
          required
        />
        {errors.password && (
          <div id="signup-password-error" class="pub-field-error">
            {errors.password}
          </div>
        )}
      </div>
      <DateOfBirth
        value={draft.date_of_birth}
        onChange={(value) => set('date_of_birth', value)}
        error={errors.date_of_birth}
        texts={texts}
        locale={locale}
      />
      <p class="pub-small pub-muted">
        {texts.termsBefore} <a href="/pages/terms">{texts.terms}</a> {texts.and}{' '}
        <a href="/pages/privacy">{texts.privacy}</a>.
      </p>
      <button type="submit" class="pub-btn pub-btn-primary pub-btn-lg pub-btn-block" disabled={isPending}>
        {isPending && <span class="pub-spinner" aria-hidden="true" />} {texts.submit}
      </button>
    </form>
  );
}

/** Date of birth as three selects (day, month, year), as in the member app; value YYYY-MM-DD with empty parts. */
function DateOfBirth({
  value,
  onChange,
  error,
  texts,
  locale,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  texts: SignupDialogProps['texts'];
  locale: string;
}) {
  const [year = '', month = '', day = ''] = value.split('-');
  const pad = (v: string) => (v ? v.padStart(2, '0') : '');
  const set = (part: 'year' | 'month' | 'day') => (e: Event) => {
    const parts = { year, month, day, [part]: (e.target as HTMLSelectElement).value };
    onChange(`${parts.year}-${pad(parts.month)}-${pad(parts.day)}`);
  };
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: MAXIMUM_AGE - MINIMUM_AGE + 1 }, (_, i) => String(thisYear - MINIMUM_AGE - i));
  let monthName: Intl.DateTimeFormat;
  try {
    monthName = new Intl.DateTimeFormat(locale.replace('_', '-'), { month: 'long' });
  } catch {
    monthName = new Intl.DateTimeFormat(undefined, { month: 'long' });
  }
  const cls = error ? 'pub-select pub-invalid' : 'pub-select';
  const numbers = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));
  return (
    <fieldset class="pub-field pub-fieldset" aria-describedby={error ? 'signup-dob-error' : undefined}>
      <legend>{texts.dateOfBirth}</legend>
      <div class="pub-dob">
        <select class={cls} aria-label={texts.day} value={String(Number(day) || '')} onChange={set('day')}>
          <option value="">{texts.day}</option>
          {numbers(31).map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <select class={cls} aria-label={texts.month} value={String(Number(month) || '')} onChange={set('month')}>
          <option value="">{texts.month}</option>
          {numbers(12).map((m) => (
            <option key={m} value={m}>
              {monthName.format(new Date(Date.UTC(2000, Number(m) - 1, 15)))}
            </option>
          ))}
        </select>
        <select class={cls} aria-label={texts.year} value={year} onChange={set('year')}>
          <option value="">{texts.year}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <div id="signup-dob-error" class="pub-field-error">
          {error}
        </div>
      )}
    </fieldset>
  );
}
