import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { AccountSection } from '../features/members/account-section';
import { ConversationsSection } from '../features/members/conversations-section';
import { LedgerSection } from '../features/members/ledger-section';
import { NotesSection } from '../features/members/notes-section';
import { PaymentsSection } from '../features/members/payments-section';
import { PhotosSection } from '../features/members/photos-section';
import { ProfileSection } from '../features/members/profile-section';
import { memberPermissions, memberQuery } from '../features/members/queries';
import { ReportsSection } from '../features/members/reports-section';
import { SanctionsSection } from '../features/members/sanctions-section';
import { useStaff } from '../lib/session';

/**
 * One member (issue: back office I): account, profile, photos, payments, credit ledger,
 * conversations, reports, measures and staff notes, with the actions the role may use. Opening it
 * is audit-logged on the server.
 */
export function Component() {
  const { t } = useTranslation('admin-members');
  const { role } = useStaff();
  const may = memberPermissions(role);
  const id = Number(useParams().id);
  const query = useQuery({ ...memberQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (query.isError) {
    return (
      <>
        <PageTitle>{t('detail.title')}</PageTitle>
        <AdminError error={query.error} />
        <Link to="/members">{t('detail.back')}</Link>
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        <PageTitle>{t('detail.title')}</PageTitle>
        <p role="status">{t('common.loading')}</p>
      </>
    );
  }
  const d = query.data;
  const name = d.profile?.name ?? d.account.email;
  const sections = [
    'account',
    'profile',
    'photos',
    'payments',
    'ledger',
    ...(may.conversations ? ['conversations'] : []),
    'reports',
    'sanctions',
    'notes',
  ];
  return (
    <>
      <PageTitle actions={<Link to="/members">{t('detail.back')}</Link>}>{`${name} · #${d.account.id}`}</PageTitle>
      <nav aria-label={t('detail.sections')} className="mb-3">
        <ul className="nav nav-pills small flex-wrap">
          {sections.map((key) => (
            <li className="nav-item" key={key}>
              <a className="nav-link py-1 px-2" href={`#${key}`}>
                {t(`sections.${key}`, { count: d.photos.length })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <AccountSection detail={d} may={may} />
      <ProfileSection profile={d.profile} />
      <PhotosSection photos={d.photos} />
      <PaymentsSection payments={d.payments} canOpen={role === 'admin' || role === 'support'} />
      <LedgerSection detail={d} canAdjust={may.credits} />
      {may.conversations && <ConversationsSection id={d.account.id} memberName={name} />}
      <ReportsSection reports={d.reports} canOpen={may.sanction} />
      <SanctionsSection id={d.account.id} sanctions={d.sanctions} canApply={may.sanction} canRevoke={may.revoke} />
      <NotesSection id={d.account.id} notes={d.notes} canAdd={may.notes} />
    </>
  );
}
