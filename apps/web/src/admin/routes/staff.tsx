import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { staffListQuery } from '../features/access/api';
import { RolePasskeyRules } from '../features/access/passkeys';
import { StaffCreateForm } from '../features/access/staff-create-form';
import { StaffTable } from '../features/access/staff-table';
import { useStaff } from '../lib/session';

/**
 * Staff accounts (admins; issue: back office I): every account with role, sites, authenticator and
 * state; a form for a new account; per account change role and sites, disable or enable, reset the
 * authenticator; per role, require passkeys as second factor (issue: passkeys). Other roles get the server's 403 forbidden as the error.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const list = useQuery(staffListQuery);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');

  return (
    <>
      <PageTitle
        actions={
          list.data &&
          !creating && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setNotice('');
                setCreating(true);
              }}
            >
              {t('staff.create')}
            </button>
          )
        }
      >
        {t('staff.title')}
      </PageTitle>
      <div role="status" className={notice ? 'alert alert-success' : 'visually-hidden'} data-testid="staff-notice">
        {notice}
      </div>
      <AdminError error={list.error} />
      {creating && (
        <StaffCreateForm
          onCreated={(email) => {
            setCreating(false);
            setNotice(t('staff.created', { email }));
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {list.isPending && <p>{t('common.loading')}</p>}
      {list.data && (
        <>
          <RolePasskeyRules />
          <p className="text-body-secondary">{t('staff.sessionsEnd')}</p>
          <StaffTable accounts={list.data} selfId={staff.id} onSaved={setNotice} />
        </>
      )}
    </>
  );
}
