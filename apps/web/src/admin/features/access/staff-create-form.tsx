import type { StaffRoleName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useStaff } from '../../lib/session';
import { accessKeys, createStaff } from './api';
import { RoleSelect } from './role-select';
import { SitesField } from './sites-field';
import { staffErrorMessage } from './staff-errors';

/**
 * The form of a new staff account: e-mail, name, role, sites (all or a choice) and a starting
 * password. On success the staff list reloads and `onCreated` gets the new account's e-mail;
 * `onCancel` closes the form.
 */
export function StaffCreateForm({ onCreated, onCancel }: { onCreated: (email: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRoleName>('support');
  // Staff of some sites make accounts of those sites only: start from the own sites, not "All sites".
  const ownSiteIds = useStaff().site_ids;
  const [siteIds, setSiteIds] = useState<number[] | null>(() => {
    if (ownSiteIds === null) return null;
    return ownSiteIds.length === 1 ? [...ownSiteIds] : [];
  });
  const [password, setPassword] = useState('');
  const [sitesInvalid, setSitesInvalid] = useState(false);
  const create = useMutation({
    mutationFn: createStaff,
    onSuccess: async (account) => {
      await queryClient.invalidateQueries({ queryKey: accessKeys.staff });
      onCreated(account.email);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const noSites = siteIds !== null && siteIds.length === 0;
    setSitesInvalid(noSites);
    if (noSites) return;
    create.mutate({ email, name, role, site_ids: siteIds, password });
  }

  return (
    <form className="card card-body mb-4" onSubmit={submit} aria-labelledby="staff-create-title" noValidate>
      <h2 className="h5" id="staff-create-title">
        {t('staff.create')}
      </h2>
      {create.error && <ErrorAlert>{staffErrorMessage(create.error)}</ErrorAlert>}
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor="new-staff-email">
            {t('staff.email')}
          </label>
          <input
            id="new-staff-email"
            className="form-control"
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor="new-staff-name">
            {t('staff.name')}
          </label>
          <input
            id="new-staff-name"
            className="form-control"
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="col-12 col-md-6">
          <RoleSelect value={role} onChange={setRole} />
        </div>
        <div className="col-12 col-md-6">
          <SitesField value={siteIds} onChange={setSiteIds} invalid={sitesInvalid} />
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor="new-staff-password">
            {t('staff.password')}
          </label>
          <input
            id="new-staff-password"
            className="form-control"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            aria-describedby="new-staff-password-help"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div id="new-staff-password-help" className="form-text">
            {t('staff.passwordHint')}
          </div>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button className="btn btn-primary" type="submit" disabled={create.isPending}>
          {t('staff.createSubmit')}
        </button>
        <button className="btn btn-outline-secondary" type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
