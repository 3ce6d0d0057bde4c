import { badgeText, type ChatListEntry, chatPreviewLine } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FictionalIcon } from '../../components/fictional-icon';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { chatsQuery, removeChats } from './api';
import { messageTime } from './message-bubble';

/** The preview line of a chat list entry: text, "photo" or the gift. */
function usePreview(entry: ChatListEntry): string {
  const { t } = useTranslation('chat');
  const user = useUser();
  return chatPreviewLine(entry.conversation.last_message, user?.profile.id, {
    you: t('list.you'),
    photo: t('list.photo'),
    gift: t('list.gift'),
  });
}

function ChatRow({ entry, isActive }: { entry: ChatListEntry; isActive: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const settings = useSettings();
  const preview = usePreview(entry);
  const thumb = photoUrl(settings.cdn_prefix, entry.profile.main_image?.thumb_filename);
  const unread = badgeText(entry.num_unread_messages);
  const [isConfirming, setConfirming] = useState(false);
  const remove = () => {
    setConfirming(false);
    void removeChats({ conversation: entry.conversation.id });
  };
  return (
    <li className={`chat-row${isActive ? ' active' : ''}`} data-testid="chat-row">
      <Link
        to={`/chats/${entry.conversation.id}`}
        className="chat-row-link"
        aria-current={isActive ? 'page' : undefined}
      >
        {thumb ? (
          <img src={thumb} alt="" width={48} height={48} className="rounded-circle chat-avatar" />
        ) : (
          <span className="rounded-circle chat-avatar chat-avatar-empty" aria-hidden="true" />
        )}
        <span className="chat-row-body">
          <span className="d-flex align-items-center gap-1">
            <span className={`chat-row-name${entry.num_unread_messages > 0 ? ' fw-bold' : ''}`}>
              {entry.profile.name}
            </span>
            {entry.profile.fictional && (
              <span className="badge rounded-pill text-bg-warning" title={settings.fictional_warning}>
                <FictionalIcon icon={settings.fictional_icon} /> {settings.fictional_singular}
              </span>
            )}
            {entry.profile.online && <span className="chat-online-dot" title={t('online')} />}
            <small className="ms-auto text-body-secondary">
              {messageTime(entry.conversation.updated, i18n.language)}
            </small>
          </span>
          <span className="d-flex align-items-center gap-2">
            <span className="chat-row-preview text-body-secondary">{preview}</span>
            {unread && (
              <span className="badge rounded-pill text-bg-primary ms-auto" data-testid="chat-row-unread">
                {unread}
                <span className="visually-hidden"> {t('list.unread')}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="btn btn-sm btn-link text-body-secondary chat-row-delete"
        onClick={() => setConfirming(true)}
      >
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t('delete.button')}</span>
      </button>
      {isConfirming && (
        <ConfirmDialog
          question={t('delete.confirm', { name: entry.profile.name })}
          confirmLabel={t('delete.button')}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** The conversation list (SPEC.md 2 chats overview): newest activity first, unread badges, delete. */
export function ChatList({ activeConversation }: { activeConversation: number | null }) {
  const { t } = useTranslation('chat');
  const chats = useQuery(chatsQuery);
  return (
    <nav className="chat-list" aria-label={t('list.title')}>
      <h1 className="h5 px-3 pt-3 pb-2 mb-0">{t('list.title')}</h1>
      {chats.isPending && <p className="px-3 text-body-secondary">{t('loading')}</p>}
      {chats.isError && <p className="px-3 text-danger">{chats.error.message}</p>}
      {chats.data?.length === 0 && (
        <div className="px-3 text-body-secondary">
          <p>{t('list.empty')}</p>
          <Link to="/members" className="btn btn-primary btn-sm">
            {t('list.findMembers')}
          </Link>
        </div>
      )}
      <ul className="list-unstyled mb-0" data-testid="chat-list">
        {chats.data?.map((entry) => (
          <ChatRow key={entry.conversation.id} entry={entry} isActive={entry.conversation.id === activeConversation} />
        ))}
      </ul>
    </nav>
  );
}
