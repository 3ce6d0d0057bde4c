import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { lockedBy } from '../features/operators/api';
import { Composer } from '../features/operators/composer';
import { formatDuration } from '../features/operators/duration';
import { NotesPanel } from '../features/operators/notes-panel';
import { MemberPanel, PersonaPanel } from '../features/operators/people-panels';
import { Thread } from '../features/operators/thread';
import { useInboxConversation } from '../features/operators/use-inbox-conversation';
import { formatDateTime } from '../lib/format';

/**
 * One conversation of the operator inbox (issue: back office II), locked to this account while it is
 * open: the whole conversation, the answer box (text, gift, photo as the fictional profile), the
 * member's profile and staff notes, and the persona. A heartbeat keeps the lock and refreshes the
 * conversation; leaving gives the lock back.
 */
export function Component() {
  const { t } = useTranslation('admin-operators');
  const id = Number(useParams().id);
  const { query, retake } = useInboxConversation(id);
  const back = <Link to="/inbox">{t('back')}</Link>;
  const locked = lockedBy(query.error);

  if (!query.data) {
    return (
      <>
        <PageTitle actions={back}>{t('conversation.title')}</PageTitle>
        {locked ? (
          <ErrorAlert tone="warning">
            {t('lock.takenBy', { name: locked.name })}{' '}
            {locked.expiresAt && t('lock.until', { time: formatDateTime(locked.expiresAt) })}
          </ErrorAlert>
        ) : query.isError ? (
          <AdminError error={query.error} />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
        {query.isError && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={retake}>
            {t('lock.retry')}
          </button>
        )}
      </>
    );
  }

  const c = query.data;
  const lost = query.isError;
  return (
    <>
      <PageTitle actions={back}>
        {t('conversation.heading', { member: c.member.name, fictional: c.fictional.name })}
      </PageTitle>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3 small" data-testid="inbox-lock">
        {lost ? (
          <ErrorAlert tone="warning" className="mb-0 w-100">
            {locked ? t('lock.takenBy', { name: locked.name }) : t('lock.lost')}{' '}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={retake}>
              {t('lock.retry')}
            </button>
          </ErrorAlert>
        ) : (
          <span className="badge text-bg-primary">{t('lock.held', { time: formatDateTime(c.lock.expires_at) })}</span>
        )}
        <span>· {c.site_name}</span>
        {c.waiting_seconds !== null && (
          <span>· {t('conversation.waiting', { time: formatDuration(t, c.waiting_seconds) })}</span>
        )}
      </div>
      <div className="row g-3">
        <div className="col-lg-7">
          <Thread conversation={c} />
          <Composer conversation={c} disabled={lost} />
        </div>
        <div className="col-lg-5">
          <PersonaPanel conversation={c} />
          <MemberPanel conversation={c} />
          <NotesPanel conversation={c} />
        </div>
      </div>
    </>
  );
}
