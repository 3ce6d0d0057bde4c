import { type AdminMemberDetail, adminMemberCalls } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { call } from '../../../lib/api';
import { formatDateTime } from '../../lib/format';
import { codeLabel } from './labels';
import { memberErrorMessage } from './member-errors';
import type { MemberPermissions } from './queries';
import { memberKeys } from './queries';
import { Fields, Section } from './section';
import { StatusBadge } from './status-badge';

/** The account: e-mail, state, language, credits, dates; the activation mail again and deletion. */
export function AccountSection({ detail, may }: { detail: AdminMemberDetail; may: MemberPermissions }) {
  const { t } = useTranslation('admin-members');
  const a = detail.account;
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  return (
    <Section id="account" title={t('sections.account')}>
      <Fields
        rows={[
          [t('account.id'), a.id],
          [t('account.email'), a.email],
          [t('account.status'), <StatusBadge key="s" group="status" code={a.status} />],
          [t('account.site'), `${a.site_name} (${a.site_domain})`],
          [t('account.language'), a.language],
          [t('account.credits'), a.credits],
          [t('account.paid'), yesNo(a.paid_user)],
          [t('account.invisible'), yesNo(a.invisible)],
          [
            t('account.notificationsDisabled'),
            a.notifications_disabled.length > 0
              ? a.notifications_disabled.map((n) => codeLabel(t, 'notifications', n)).join(', ')
              : t('common.no'),
          ],
          [t('account.signup'), formatDateTime(a.signup_date)],
          [t('account.confirmed'), formatDateTime(a.confirmed_at)],
          [t('account.lastActive'), formatDateTime(a.last_active_at)],
          [t('account.suspendedUntil'), formatDateTime(a.suspended_until)],
          [t('account.deletionRequested'), formatDateTime(a.deletion_requested_at)],
          ...(a.erased_at ? [[t('account.erased'), formatDateTime(a.erased_at)] as [string, string]] : []),
        ]}
      />
      <div className="d-flex flex-wrap gap-2 mt-3">
        {may.activation && a.status === 'not_confirmed' && <ResendActivation id={a.id} />}
        {may.delete && !a.erased_at && a.status !== 'pending_deletion' && a.status !== 'banned' && (
          <DeleteMember id={a.id} />
        )}
      </div>
    </Section>
  );
}

/** Sends the activation mail again (not_confirmed members). */
function ResendActivation({ id }: { id: number }) {
  const { t } = useTranslation('admin-members');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => call(adminMemberCalls.resendActivation, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) }),
  });
  return (
    <div>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {t('account.resendActivation')}
      </button>
      <div role="status" className="small mt-1">
        {mutation.isSuccess && t('account.activationSent')}
      </div>
      {mutation.isError && <ErrorAlert className="mt-2">{memberErrorMessage(mutation.error)}</ErrorAlert>}
    </div>
  );
}

/** Deletes the account as the member would, after a confirmation. */
function DeleteMember({ id }: { id: number }) {
  const { t } = useTranslation('admin-members');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => call(adminMemberCalls.deleteMember, { body: { id } }),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
  if (!confirming) {
    return (
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(true)}>
        {t('account.delete')}
      </button>
    );
  }
  return (
    <div className="alert alert-warning w-100 mb-0" role="alertdialog" aria-labelledby="delete-confirm-text">
      <p id="delete-confirm-text">{t('account.deleteConfirm')}</p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {t('account.deleteYes')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(false)}>
          {t('common.cancel')}
        </button>
      </div>
      {mutation.isError && <ErrorAlert className="mt-2 mb-0">{memberErrorMessage(mutation.error)}</ErrorAlert>}
    </div>
  );
}
