import { adminAccessCalls, type StaffLoginResult } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { call } from '../../lib/api';
import { errorMessage } from '../components/error-text';
import { addStaffPasskey, staffPasskeyLogin } from '../features/access/passkeys';
import { staffQuery } from '../lib/session';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; login: StaffLoginResult }
  | { kind: 'addPasskey'; codes: string[] }
  | { kind: 'codes'; codes: string[] };

/**
 * Staff login (issue: back office I): e-mail and password, then the authenticator code. At the first
 * login the QR code (and the secret to type) is shown to set up the app, and the ten recovery codes
 * once after the first code. A recovery code can replace the app's code. Issue passkeys: an account with
 * a passkey may use it instead of the code (and must, when its role requires passkeys); an account of
 * such a role without one passes with the code once and is asked to add one before anything else.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: staff } = useQuery(staffQuery);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('title')}`;
  }, [t]);

  if (staff && step.kind !== 'codes' && step.kind !== 'addPasskey') return <Navigate to="/" replace />;

  /** Runs one step's call with the busy flag and the error block. */
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const signInWithPasskey = () =>
    run(async () => {
      const result = await staffPasskeyLogin();
      queryClient.setQueryData(staffQuery.queryKey, result.staff);
      navigate('/', { replace: true });
    });

  const addPasskey = (codes: string[]) =>
    run(async () => {
      const result = await addStaffPasskey('');
      queryClient.setQueryData(staffQuery.queryKey, result.staff);
      if (codes.length > 0) setStep({ kind: 'codes', codes });
      else navigate('/', { replace: true });
    });

  async function submitPassword(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const login = await call(adminAccessCalls.login, { body: { email, password } });
      setPassword('');
      setStep({ kind: 'code', login });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = useRecovery ? { recovery_code: code } : { code };
      const result = await call(adminAccessCalls.secondFactor, { body });
      if (result.add_passkey) {
        setStep({ kind: 'addPasskey', codes: result.recovery_codes });
        return;
      }
      queryClient.setQueryData(staffQuery.queryKey, result.staff);
      if (result.recovery_codes.length > 0) setStep({ kind: 'codes', codes: result.recovery_codes });
      else navigate('/', { replace: true });
    } catch (err) {
      setError(errorMessage(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="container py-5" style={{ maxWidth: 440 }}>
      <h1 className="h3 mb-4">{t('login.title')}</h1>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {step.kind === 'password' && (
        <form onSubmit={submitPassword} noValidate>
          <div className="mb-3">
            <label className="form-label" htmlFor="staff-email">
              {t('login.email')}
            </label>
            <input
              id="staff-email"
              className="form-control"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor="staff-password">
              {t('login.password')}
            </label>
            <input
              id="staff-password"
              className="form-control"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button className="btn btn-primary w-100" type="submit" disabled={busy}>
            {t('login.next')}
          </button>
        </form>
      )}
      {step.kind === 'code' && step.login.passkey && (
        <section className="mb-4" data-testid="staff-passkey-step">
          <button
            type="button"
            className="btn btn-primary w-100"
            onClick={() => void signInWithPasskey()}
            disabled={busy}
          >
            {t('login.usePasskey')}
          </button>
          {!step.login.passkey_required && <p className="text-center text-body-secondary my-2">{t('login.orCode')}</p>}
        </section>
      )}
      {step.kind === 'addPasskey' && (
        <section aria-labelledby="add-passkey-title" data-testid="staff-add-passkey">
          <h2 className="h5" id="add-passkey-title">
            {t('login.addPasskeyTitle')}
          </h2>
          <p>{t('login.addPasskeyText')}</p>
          <button
            type="button"
            className="btn btn-primary w-100"
            onClick={() => void addPasskey(step.codes)}
            disabled={busy}
          >
            {t('passkeys.add')}
          </button>
        </section>
      )}
      {step.kind === 'code' && !(step.login.passkey && step.login.passkey_required) && (
        <form onSubmit={submitCode} noValidate>
          {step.login.enrolment && (
            <section className="mb-4" aria-labelledby="enrol-title">
              <h2 className="h5" id="enrol-title">
                {t('login.enrolTitle')}
              </h2>
              <p>{t('login.enrolText')}</p>
              <img
                className="d-block mx-auto mb-2 border rounded"
                width={220}
                height={220}
                alt={t('login.qrAlt')}
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.login.enrolment.qr_svg)}`}
              />
              <p className="small mb-1">{t('login.secretText')}</p>
              <code className="d-block text-break user-select-all" data-testid="totp-secret">
                {step.login.enrolment.secret}
              </code>
            </section>
          )}
          <div className="mb-3">
            <label className="form-label" htmlFor="staff-code">
              {useRecovery ? t('login.recoveryCode') : t('login.code')}
            </label>
            <input
              id="staff-code"
              className="form-control"
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button className="btn btn-primary w-100 mb-2" type="submit" disabled={busy}>
            {t('login.verify')}
          </button>
          {!step.login.enrolment && (
            <button type="button" className="btn btn-link p-0" onClick={() => setUseRecovery((r) => !r)}>
              {useRecovery ? t('login.useApp') : t('login.useRecovery')}
            </button>
          )}
        </form>
      )}
      {step.kind === 'codes' && (
        <section aria-labelledby="codes-title">
          <h2 className="h5" id="codes-title">
            {t('login.codesTitle')}
          </h2>
          <p>{t('login.codesText')}</p>
          <ul className="list-unstyled font-monospace row row-cols-2 mb-3" data-testid="recovery-codes">
            {step.codes.map((c) => (
              <li key={c} className="col">
                {c}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-primary w-100" onClick={() => navigate('/', { replace: true })}>
            {t('login.codesDone')}
          </button>
        </section>
      )}
    </main>
  );
}
