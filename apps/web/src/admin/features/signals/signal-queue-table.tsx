import type { SignalMember } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { StatusBadge } from '../members/status-badge';
import { formatScore, isAboveThreshold } from './signal-errors';

/**
 * The Signals queue as a table that scrolls sideways on a phone: member (link to the detail), site,
 * risk score against the site's threshold, held messages, messages with signals, the newest signal and
 * the account's state.
 */
export function SignalQueueTable({ members, caption }: { members: SignalMember[]; caption: string }) {
  const { t } = useTranslation('admin-signals');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section className="table-responsive" aria-label={caption} tabIndex={0}>
      <table className="table table-sm align-middle" data-testid="signal-queue">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('queue.member')}</th>
            <th scope="col">{t('queue.site')}</th>
            <th scope="col" className="text-end">
              {t('queue.score')}
            </th>
            <th scope="col" className="text-end">
              {t('queue.held')}
            </th>
            <th scope="col" className="text-end">
              {t('queue.signals')}
            </th>
            <th scope="col">{t('queue.lastSignal')}</th>
            <th scope="col">{t('queue.status')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => {
            const isHolding = isAboveThreshold(m.risk_score, m.risk_hold_threshold);
            return (
              <tr key={m.user_id}>
                <td>
                  <Link to={`/signals/${m.user_id}`}>{m.name || t('queue.noName', { id: m.user_id })}</Link>
                </td>
                <td>{m.site_name}</td>
                <td className="text-end text-nowrap">
                  <span className={isHolding ? 'badge text-bg-danger' : undefined}>{formatScore(m.risk_score)}</span>
                  <span className="small text-body-secondary"> / {formatScore(m.risk_hold_threshold)}</span>
                  {isHolding && <span className="visually-hidden"> ({t('queue.holding')})</span>}
                </td>
                <td className="text-end">
                  {m.held_count > 0 ? <strong>{m.held_count}</strong> : <span className="text-body-secondary">0</span>}
                </td>
                <td className="text-end">{m.signal_count}</td>
                <td className="text-nowrap">{formatDateTime(m.last_signal_at)}</td>
                <td>
                  <StatusBadge group="status" code={m.account_status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
