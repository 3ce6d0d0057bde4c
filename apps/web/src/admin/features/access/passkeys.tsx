import { adminPasskeyCalls, type Passkey, type StaffRoleName } from '@app/contracts';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { call } from '../../../lib/api';
import { AdminError } from '../../components/error-text';

/**
 * Staff passkeys in the back office (issue: passkeys): the second step with a passkey, adding one to
 * the own account (also right after the code when the role requires one), listing and removing them,
 * and the admins' "require passkeys for this role".
 */

/** The second step of the staff login with a passkey: options, the browser's dialog, the answer. */
export async function staffPasskeyLogin() {
  const options = await call(adminPasskeyCalls.loginOptions);
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(adminPasskeyCalls.login, { body: { credential: credential as never } });
}

/** Adds a passkey named `name` to the own account; on a setup session this opens the back office. */
export async function addStaffPasskey(name: string) {
  const options = await call(adminPasskeyCalls.registerOptions);
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return call(adminPasskeyCalls.register, { body: { name, credential: credential as never } });
}

const OWN_KEY = ['admin', 'passkeys'] as const;
const ROLES_KEY = ['admin', 'staff-roles'] as const;

/** The own account's passkeys (home screen): name, added, last used, remove; add one with a name. */
export function OwnPasskeys() {
  const { t, i18n } = useTranslation('admin');
  const client = useQueryClient();
  const list = useQuery({ queryKey: OWN_KEY, queryFn: () => call(adminPasskeyCalls.list) });
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: OWN_KEY });
  const add = useMutation({
    mutationFn: () => addStaffPasskey(name.trim()),
    onSuccess: () => {
      setName('');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(adminPasskeyCalls.remove, { body: { id } }),
    onSuccess: () => void refresh(),
  });
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <section className="card mt-4" aria-labelledby="own-passkeys" data-testid="own-passkeys">
      <div className="card-body">
        <h2 className="h5" id="own-passkeys">
          {t('passkeys.title')}
        </h2>
        <p>{t('passkeys.intro')}</p>
        <AdminError error={list.error ?? add.error ?? remove.error} />
        {list.data && list.data.length === 0 && <p className="text-body-secondary">{t('passkeys.none')}</p>}
        {list.data && list.data.length > 0 && (
          <ul className="list-group mb-3">
            {list.data.map((passkey) => (
              <li
                key={passkey.id}
                className="list-group-item d-flex align-items-center gap-3"
                data-testid="staff-passkey"
              >
                <div className="flex-grow-1">
                  <div className="fw-semibold">{passkey.name}</div>
                  <div className="small text-body-secondary">
                    {t('passkeys.added', { date: date(passkey.created_at) })} ·{' '}
                    {passkey.last_used_at
                      ? t('passkeys.lastUsed', { date: date(passkey.last_used_at) })
                      : t('passkeys.neverUsed')}
                  </div>
                </div>
                <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setRemoving(passkey)}>
                  {t('passkeys.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={handleSubmit} noValidate className="d-flex flex-wrap gap-2 align-items-end">
          <div className="flex-grow-1">
            <label htmlFor="staff-passkey-name" className="form-label">
              {t('passkeys.name')}
            </label>
            <input
              id="staff-passkey-name"
              className="form-control"
              maxLength={60}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {t('passkeys.add')}
          </button>
        </form>
      </div>
      {removing && (
        <ConfirmDialog
          question={t('passkeys.removeQuestion', { name: removing.name })}
          confirmLabel={t('passkeys.remove')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            remove.mutate(removing.id);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

/** Staff screen (admins): per role, "require passkeys for this role" (saved at once, audited). */
export function RolePasskeyRules() {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: () => call(adminPasskeyCalls.roles) });
  const save = useMutation({
    mutationFn: (body: { role: StaffRoleName; require_passkey: boolean }) => call(adminPasskeyCalls.setRole, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ROLES_KEY }),
  });
  if (!roles.data) return <AdminError error={roles.error} />;
  return (
    <section className="card mb-4" aria-labelledby="role-passkeys" data-testid="role-passkeys">
      <div className="card-body">
        <h2 className="h5" id="role-passkeys">
          {t('passkeys.rolesTitle')}
        </h2>
        <p>{t('passkeys.rolesText')}</p>
        <AdminError error={save.error} />
        {roles.data.map((rule) => (
          <div className="form-check" key={rule.role}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`require-passkey-${rule.role}`}
              checked={rule.require_passkey}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ role: rule.role, require_passkey: e.target.checked })}
            />
            <label className="form-check-label" htmlFor={`require-passkey-${rule.role}`}>
              {t('passkeys.requireFor', { role: t(`roles.${rule.role}`) })}
            </label>
          </div>
        ))}
      </div>
    </section>
  );
}
