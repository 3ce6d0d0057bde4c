import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import type { ChatTarget } from './api';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';

/**
 * Chats beside the conversation (SPEC.md 2, 9): from 992 px the list (300-400 px) sits beside the
 * conversation; on phones either the list (/chats) or the conversation shows.
 */
export function ChatScreen({
  target,
  initialText,
  openGiftPicker,
  isBare = false,
}: {
  target: ChatTarget | null;
  initialText?: string | undefined;
  openGiftPicker?: boolean;
  isBare?: boolean;
}) {
  const { t } = useTranslation('chat');
  usePageTitle(t('list.title'));
  const [conversation, setConversation] = useState<number | null>(
    target && 'conversation' in target ? target.conversation : null,
  );
  const handleConversation = useCallback((id: number | null) => setConversation(id), []);
  const key = target ? JSON.stringify(target) : 'none';
  return (
    <div className={`chat-screen${target ? ' has-conversation' : ''}${isBare ? ' is-bare' : ''}`}>
      <aside className="chat-list-pane">
        <ChatList activeConversation={conversation} />
      </aside>
      <section className="chat-conversation-pane">
        {target ? (
          <Conversation
            key={key}
            target={target}
            initialText={initialText}
            openGiftPicker={openGiftPicker ?? false}
            onConversation={handleConversation}
          />
        ) : (
          <div className="chat-placeholder text-body-secondary">{t('choose')}</div>
        )}
      </section>
    </div>
  );
}
