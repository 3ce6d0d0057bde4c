import { type Passkey, passkeyCalls } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { call } from '../../lib/api';
import { formatDate } from '../../lib/i18n';
import { ApiErrorAlert } from '../account/api-error-alert';
import { addPasskey, isBrowserCeremonyError, supportsPasskeys } from './passkey-api';

/** Query key of the member's passkeys (GET /api/passkeys.php). */
export const PASSKEYS_KEY = ['passkeys'] as const;

/** The member's passkeys and whether to offer one (GET /api/passkeys.php). */
export function usePasskeys(enabled = true) {
  return useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => call(passkeyCalls.list), enabled });
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const { t, i18n } = useTranslation('access');
  return (
    <li className="list-group-item d-flex align-items-center gap-3" data-testid="passkey-row">
      <div className="flex-grow-1">
        <div className="fw-semibold">{passkey.name}</div>
        <div className="small text-body-secondary">
          {t('passkeys.createdAt', { date: formatDate(passkey.created_at, i18n.language) })} ·{' '}
          {passkey.last_used_at
            ? t('passkeys.lastUsed', { date: formatDate(passkey.last_used_at, i18n.language) })
            : t('passkeys.neverUsed')}
        </div>
      </div>
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRemove}>
        {t('passkeys.remove')}
      </button>
    </li>
  );
}

/**
 * Settings: the member's passkeys (issue: passkeys): name, date added, last used, remove (with our
 * confirmation dialog), and adding one with a name. Where the browser supports no passkeys the list
 * still shows (to remove one) and adding is explained instead.
 */
export function PasskeySettings() {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const list = usePasskeys();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [notice, setNotice] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim()),
    onSuccess: () => {
      setName('');
      setNotice(t('passkeys.added'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(passkeyCalls.remove, { body: { id } }),
    onSuccess: () => {
      setNotice(t('passkeys.removed'));
      void refresh();
    },
  });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNotice('');
    add.mutate();
  };
  const passkeys = list.data?.passkeys ?? [];
  return (
    <div data-testid="passkey-settings">
      <p>{t('passkeys.intro')}</p>
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      <ApiErrorAlert error={list.error ?? remove.error} showResetLink={false} />
      {passkeys.length === 0 ? (
        list.isSuccess && <p className="text-body-secondary">{t('passkeys.none')}</p>
      ) : (
        <ul className="list-group mb-3">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
          ))}
        </ul>
      )}
      {supportsPasskeys() ? (
        <form onSubmit={handleSubmit} noValidate>
          {add.error &&
            (isBrowserCeremonyError(add.error) ? (
              <ErrorAlert>{t('passkeys.cancelled')}</ErrorAlert>
            ) : (
              <ApiErrorAlert error={add.error} showResetLink={false} />
            ))}
          <label htmlFor="passkey-name" className="form-label">
            {t('passkeys.name')}
          </label>
          <div className="d-flex flex-wrap gap-2">
            <input
              id="passkey-name"
              className="form-control flex-grow-1 w-auto"
              maxLength={60}
              placeholder={t('passkeys.namePlaceholder')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              {add.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {t('passkeys.add')}
            </button>
          </div>
        </form>
      ) : (
        <p className="text-body-secondary mb-0">{t('passkeys.unsupported')}</p>
      )}
      {removing && (
        <ConfirmDialog
          question={t('passkeys.removeQuestion', { name: removing.name })}
          details={t('passkeys.removeDetails')}
          confirmLabel={t('passkeys.remove')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setNotice('');
            remove.mutate(removing.id);
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}
