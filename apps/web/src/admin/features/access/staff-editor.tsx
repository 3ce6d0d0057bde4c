import type { StaffAccount, StaffRoleName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { accessKeys, type StaffChange, updateStaff } from './api';
import { RoleSelect } from './role-select';
import { SitesField } from './sites-field';
import { staffErrorMessage } from './staff-errors';

/** The fields of `draft` that differ from `account` (so an unchanged role or site list is not sent). */
export function staffChanges(
  account: StaffAccount,
  draft: { name: string; role: StaffRoleName; siteIds: number[] | null },
): StaffChange {
  const change: StaffChange = {};
  if (draft.name.trim() !== account.name) change.name = draft.name;
  if (draft.role !== account.role) change.role = draft.role;
  if (JSON.stringify(draft.siteIds) !== JSON.stringify(account.site_ids)) change.site_ids = draft.siteIds;
  return change;
}

/**
 * Changes an account's name, role and sites (PUT /api/admin/staff.php). Says that a change of role
 * or sites logs the account out. `onDone(saved)` closes it (saved: whether something changed).
 */
export function StaffEditor({ account, onDone }: { account: StaffAccount; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(account.name);
  const [role, setRole] = useState<StaffRoleName>(account.role);
  const [siteIds, setSiteIds] = useState<number[] | null>(account.site_ids);
  const [sitesInvalid, setSitesInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (change: StaffChange) => updateStaff(account.id, change),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accessKeys.staff });
      onDone(true);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const noSites = siteIds !== null && siteIds.length === 0;
    setSitesInvalid(noSites);
    if (noSites) return;
    const change = staffChanges(account, { name, role, siteIds });
    if (Object.keys(change).length === 0) return onDone(false);
    save.mutate(change);
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} noValidate data-testid="staff-editor">
      {/* The screen's headings go h1 (Staff), then this form's: no h2 is skipped (axe heading-order). */}
      <h2 className="h6 text-break" id={`${id}-title`}>
        {t('staff.editTitle', { email: account.email })}
      </h2>
      <p className="small text-body-secondary">{t('staff.sessionsEnd')}</p>
      {save.error && <ErrorAlert>{staffErrorMessage(save.error)}</ErrorAlert>}
      <div className="row g-3">
        <div className="col-12 col-md-4">
          <label className="form-label" htmlFor={`${id}-name`}>
            {t('staff.name')}
          </label>
          <input
            id={`${id}-name`}
            className="form-control"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="col-12 col-md-4">
          <RoleSelect value={role} onChange={setRole} />
        </div>
        <div className="col-12 col-md-4">
          <SitesField value={siteIds} onChange={setSiteIds} invalid={sitesInvalid} />
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button className="btn btn-primary btn-sm" type="submit" disabled={save.isPending}>
          {t('common.save')}
        </button>
        <button className="btn btn-outline-secondary btn-sm" type="button" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
