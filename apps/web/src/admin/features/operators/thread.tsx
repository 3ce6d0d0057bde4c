import type { AdminInboxConversation } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** The whole conversation, oldest first: the member's messages on the left, the fictional profile's on the right. */
export function Thread({ conversation }: { conversation: AdminInboxConversation }) {
  const { t } = useTranslation('admin-operators');
  const end = useRef<HTMLLIElement>(null);
  const count = conversation.messages.length;
  // Keep the newest message in view when one arrives.
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section className="inbox-thread border rounded p-2 mb-3" aria-label={t('thread.label')} tabIndex={0}>
      {conversation.truncated && <p className="small">{t('thread.truncated')}</p>}
      {count === 0 && <p className="mb-0">{t('thread.empty')}</p>}
      <ol className="list-unstyled mb-0" data-testid="inbox-thread">
        {conversation.messages.map((m, i) => {
          const who = m.from_member ? conversation.member.name : conversation.fictional.name;
          return (
            <li
              key={m.id}
              ref={i === count - 1 ? end : undefined}
              className={`d-flex mb-2 ${m.from_member ? '' : 'justify-content-end'}`}
              data-testid="inbox-message"
            >
              <div
                className={`inbox-bubble p-2 rounded border ${m.from_member ? 'bg-body-tertiary' : 'bg-primary-subtle'}`}
              >
                <p className="small fw-semibold mb-1">
                  {who} · {formatDateTime(m.created_at)}
                </p>
                {m.body && <p className="mb-1 text-break">{m.body}</p>}
                {m.gift && (
                  <p className="mb-1">
                    <img className="inbox-gift me-1" src={m.gift.image} alt="" />
                    {t('thread.gift', { name: m.gift.name })}
                  </p>
                )}
                {m.photo_thumb_url && (
                  <a href={m.photo_url ?? m.photo_thumb_url} target="_blank" rel="noreferrer">
                    <img
                      className="inbox-photo rounded"
                      src={m.photo_thumb_url}
                      alt={t('thread.photo', { name: who })}
                    />
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
