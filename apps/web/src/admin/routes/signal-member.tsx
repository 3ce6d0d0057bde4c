import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminError } from '../components/error-text';
import { PageTitle } from '../components/page-title';
import { Fields, Section } from '../features/members/section';
import { StatusBadge } from '../features/members/status-badge';
import { signalMemberQuery } from '../features/signals/api';
import { type SignalAction, SignalActionDialog } from '../features/signals/member-actions';
import { formatScore, isAboveThreshold } from '../features/signals/signal-errors';
import { SignalMessageList } from '../features/signals/signal-message-list';
import { formatDateTime } from '../lib/format';

/**
 * One member's signals (issue: safer conversations): risk score against the site's threshold, held
 * messages and balance; release (one or all), warn and ban, each confirmed in a dialog; the messages
 * with signals or held, newest first, with the matched parts marked. Reading it is audited.
 */
export function Component() {
  const { t } = useTranslation('admin-signals');
  const userId = Number(useParams().id);
  const detail = useInfiniteQuery({ ...signalMemberQuery(userId), enabled: Number.isInteger(userId) && userId > 0 });
  const [action, setAction] = useState<SignalAction | null>(null);
  const [done, setDone] = useState('');
  const first = detail.data?.pages[0];
  const messages = detail.data?.pages.flatMap((p) => p.messages) ?? [];
  const member = first?.member;
  const isBanned = member?.account_status === 'banned';

  return (
    <>
      <PageTitle actions={<Link to="/signals">{t('member.back')}</Link>}>
        {member ? t('member.title', { name: member.name }) : t('queue.title')}
      </PageTitle>
      <AdminError error={detail.error} />
      <p className="small mb-2" role="status" data-testid="signal-done">
        {done}
      </p>
      {first && member && (
        <div className="row g-3">
          <div className="col-lg-4">
            <Section id="signal-member" title={t('member.summary')}>
              <Fields
                rows={[
                  [
                    t('member.score'),
                    <span key="score" data-testid="risk-score">
                      {formatScore(member.risk_score)} / {formatScore(member.risk_hold_threshold)}{' '}
                      {isAboveThreshold(member.risk_score, member.risk_hold_threshold) && (
                        <span className="badge text-bg-danger">{t('queue.holding')}</span>
                      )}
                    </span>,
                  ],
                  [t('member.held'), <strong key="held">{member.held_count}</strong>],
                  [t('member.signals'), member.signal_count],
                  [t('member.balance'), t('member.credits', { count: first.credits })],
                  [t('queue.site'), member.site_name],
                  [t('queue.status'), <StatusBadge key="status" group="status" code={member.account_status} />],
                  [t('member.created'), formatDateTime(member.account_created_at)],
                  [t('queue.lastSignal'), formatDateTime(member.last_signal_at)],
                ]}
              />
              <p className="mt-2 mb-0">
                <Link to={`/members/${member.user_id}`}>{t('member.profile')}</Link>
              </p>
            </Section>
            <Section id="signal-actions" title={t('member.actions')}>
              <div className="d-flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={member.held_count === 0}
                  onClick={() => setAction({ kind: 'release' })}
                  data-testid="release-all"
                >
                  {t('actions.releaseAllCount', { count: member.held_count })}
                </button>
                <button
                  type="button"
                  className="btn btn-warning btn-sm"
                  disabled={isBanned}
                  onClick={() => setAction({ kind: 'warn' })}
                >
                  {t('actions.warn')}
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={isBanned}
                  onClick={() => setAction({ kind: 'ban' })}
                >
                  {t('actions.ban')}
                </button>
              </div>
            </Section>
          </div>
          <div className="col-lg-8">
            <Section id="signal-messages" title={t('member.messages')}>
              {messages.length === 0 ? (
                <p className="mb-0">{t('member.noMessages')}</p>
              ) : (
                <SignalMessageList
                  messages={messages}
                  onRelease={(message) => setAction({ kind: 'release', message })}
                />
              )}
              {detail.hasNextPage && (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm mt-2"
                  disabled={detail.isFetchingNextPage}
                  onClick={() => void detail.fetchNextPage()}
                >
                  {t('member.older')}
                </button>
              )}
            </Section>
          </div>
        </div>
      )}
      {action && first && (
        <SignalActionDialog
          action={action}
          detail={first}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            setDone(message);
          }}
        />
      )}
    </>
  );
}
