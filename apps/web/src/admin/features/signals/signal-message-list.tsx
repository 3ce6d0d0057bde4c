import type { SignalMessage, SignalMessageState } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { SignalText } from './signal-text';

const STATE_TONES: Record<SignalMessageState, string> = {
  held: 'text-bg-warning',
  delivered: 'text-bg-light border',
  dropped: 'text-bg-secondary',
};

/**
 * A member's messages with signals or held, newest first: state (held, delivered, dropped; the word
 * says it, the colour repeats it), recipient, time, credits, the text with the matched parts marked,
 * the kinds found, and Release on a held one (`onRelease`, confirmed by the caller).
 */
export function SignalMessageList({
  messages,
  onRelease,
}: {
  messages: SignalMessage[];
  onRelease?: ((message: SignalMessage) => void) | undefined;
}) {
  const { t } = useTranslation('admin-signals');
  return (
    <ol className="list-unstyled mb-0" data-testid="signal-messages">
      {messages.map((m) => {
        const kinds = [...new Set(m.signals.map((s) => s.kind))];
        return (
          <li
            key={m.id}
            className={`border rounded p-2 mb-2${m.state === 'held' ? ' border-warning border-2' : ''}`}
            data-testid="signal-message"
            data-state={m.state}
          >
            <div className="d-flex flex-wrap align-items-center gap-2 small mb-1">
              <span className={`badge ${STATE_TONES[m.state]}`}>{t(`states.${m.state}`)}</span>
              <span>
                {t('member.to')} <strong>{m.recipient.name}</strong>
                {m.recipient.fictional && <span className="badge text-bg-info ms-1">{t('member.fictional')}</span>}
              </span>
              <time className="text-body-secondary" dateTime={m.created_at}>
                {formatDateTime(m.created_at)}
              </time>
              <span className="text-body-secondary">{t('member.credits', { count: m.credits })}</span>
            </div>
            {m.kind === 'text' ? (
              <SignalText body={m.body} signals={m.signals} />
            ) : (
              <p className="mb-0 fst-italic">{t(`member.kind.${m.kind === 'photo' ? 'photo' : 'gift'}`)}</p>
            )}
            <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
              {kinds.length > 0 && (
                <ul className="list-inline mb-0 me-auto small" aria-label={t('member.found')}>
                  {kinds.map((kind) => (
                    <li key={kind} className="list-inline-item badge rounded-pill text-bg-light border">
                      {t(`kinds.${kind}`)}
                    </li>
                  ))}
                </ul>
              )}
              {m.state === 'held' && onRelease && (
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm ms-auto"
                  onClick={() => onRelease(m)}
                  data-testid="release-one"
                >
                  {t('actions.releaseOne')}
                  <span className="visually-hidden">
                    {' '}
                    {t('member.messageTo', { name: m.recipient.name, time: formatDateTime(m.created_at) })}
                  </span>
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
