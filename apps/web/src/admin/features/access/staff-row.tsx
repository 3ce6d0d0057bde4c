import type { StaffAccount } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { accessKeys, type StaffChange, updateStaff } from './api';
import { StaffEditor } from './staff-editor';
import { staffErrorMessage } from './staff-errors';

/** Columns of the staff table (the editor and the confirmation span them). */
export const STAFF_COLUMNS = 6;

type Open = 'none' | 'edit' | 'reset';

/**
 * One staff account in the table: e-mail and name, role, sites, authenticator, state, and for
 * another admin's accounts the actions change (role, sites, name), disable/enable and reset the
 * authenticator (after a confirmation). `onSaved(message)` reports a done change.
 */
export function StaffRow({
  account,
  isSelf,
  siteNames,
  onSaved,
}: {
  account: StaffAccount;
  isSelf: boolean;
  siteNames: string;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>('none');
  const change = useMutation({
    mutationFn: (body: StaffChange) => updateStaff(account.id, body),
    onSuccess: async (_row, body) => {
      await queryClient.invalidateQueries({ queryKey: accessKeys.staff });
      setOpen('none');
      onSaved(body.reset_totp ? t('staff.resetTotpDone', { email: account.email }) : t('common.saved'));
    },
  });
  const who = <span className="visually-hidden"> {account.email}</span>;

  return (
    <>
      <tr data-testid="staff-row" data-email={account.email}>
        <td data-label={t('staff.email')}>
          <div className="fw-semibold text-break">{account.email}</div>
          {account.name && <div className="small text-body-secondary">{account.name}</div>}
          {isSelf && <span className="badge text-bg-info">{t('staff.you')}</span>}
        </td>
        <td data-label={t('staff.role')}>{t(`roles.${account.role}`)}</td>
        <td data-label={t('staff.sites')}>{siteNames}</td>
        <td data-label={t('staff.totp')}>
          <span className={`badge ${account.totp_enabled ? 'text-bg-success' : 'text-bg-warning'}`}>
            {account.totp_enabled ? t('staff.totpOn') : t('staff.totpOff')}
          </span>
        </td>
        <td data-label={t('staff.state')}>
          <span className={`badge ${account.disabled ? 'text-bg-secondary' : 'text-bg-success'}`}>
            {account.disabled ? t('staff.disabled') : t('staff.active')}
          </span>
        </td>
        <td data-label={t('common.actions')}>
          {isSelf ? (
            <span className="small text-body-secondary">{t('staff.selfNoActions')}</span>
          ) : (
            <div className="d-flex flex-wrap gap-1">
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                aria-expanded={open === 'edit'}
                onClick={() => setOpen(open === 'edit' ? 'none' : 'edit')}
              >
                {t('staff.edit')}
                {who}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={change.isPending}
                onClick={() => change.mutate({ disabled: !account.disabled })}
              >
                {account.disabled ? t('staff.enable') : t('staff.disable')}
                {who}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                aria-expanded={open === 'reset'}
                disabled={!account.totp_enabled}
                onClick={() => setOpen(open === 'reset' ? 'none' : 'reset')}
              >
                {t('staff.resetTotp')}
                {who}
              </button>
            </div>
          )}
        </td>
      </tr>
      {change.error && open !== 'edit' && (
        <tr>
          <td colSpan={STAFF_COLUMNS}>
            <ErrorAlert className="mb-0">{staffErrorMessage(change.error)}</ErrorAlert>
          </td>
        </tr>
      )}
      {open === 'edit' && (
        <tr>
          <td colSpan={STAFF_COLUMNS} className="bg-body-tertiary">
            <StaffEditor
              account={account}
              onDone={(saved) => {
                setOpen('none');
                if (saved) onSaved(t('common.saved'));
              }}
            />
          </td>
        </tr>
      )}
      {open === 'reset' && (
        <tr>
          <td colSpan={STAFF_COLUMNS}>
            <div className="alert alert-warning mb-0" data-testid="reset-totp-confirm">
              <p>{t('staff.resetTotpConfirm')}</p>
              <div className="d-flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ reset_totp: true })}
                >
                  {t('staff.resetTotpYes')}
                </button>
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen('none')}>
                  {t('common.cancel')}
                </button>
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
