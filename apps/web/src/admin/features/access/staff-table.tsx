import type { StaffAccount } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSiteNames } from './site-names';
import { StaffRow } from './staff-row';
import './stacked-table.css';

/**
 * The staff accounts as a table (stacked on a phone, see stacked-table.css): e-mail
 * and name, role, sites by name, authenticator, state and the actions. `selfId` is the signed-in
 * account, whose role and state cannot be changed here.
 */
export function StaffTable({
  accounts,
  selfId,
  onSaved,
}: {
  accounts: StaffAccount[];
  selfId: number;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const siteNames = useSiteNames();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-responsive" tabIndex={0} aria-labelledby="staff-table-caption">
      <table className="table align-middle stacked-table">
        <caption id="staff-table-caption" className="visually-hidden">
          {t('staff.list')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.email')}</th>
            <th scope="col">{t('staff.role')}</th>
            <th scope="col">{t('staff.sites')}</th>
            <th scope="col">{t('staff.totp')}</th>
            <th scope="col">{t('staff.state')}</th>
            <th scope="col">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <StaffRow
              key={account.id}
              account={account}
              isSelf={account.id === selfId}
              siteNames={siteNames(account.site_ids)}
              onSaved={onSaved}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
