import {
  type ChatMessage,
  type ChatView,
  type Gift,
  type RecipientWarnKind,
  reportReasonForSignal,
  type SendMessageResult,
  type User,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isApiError } from '../../lib/api';
import { showToast } from '../../lib/toast-store';
import { errorText } from '../account/api-error-alert';
import { FictionalLabel } from '../members/fictional-label';
import { photoUrl } from '../members/photo-url';
import { VerifiedBadge } from '../members/verified-badge';
import { useReportMutation } from '../report/api';
import { ReportDialog } from '../report/report-dialog';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import {
  addMessageToViews,
  type ChatTarget,
  chatKeys,
  chatQuery,
  chooseExplicitPhotos,
  fetchOlder,
  markRead,
  newClientId,
  removeChats,
  sendMessage,
  sendPhoto,
  userKey,
} from './api';
import { MessageBubble } from './message-bubble';
import { MessageForm } from './message-form';
import { useIsTyping } from './typing-store';

export interface ConversationProps {
  target: ChatTarget;
  /** Text to put in the message field (the icebreaker's ?text=). */
  initialText?: string;
  /** Open the gift picker at once (the profile's gift button, ?gift=1). */
  openGiftPicker?: boolean;
  /** Called with the conversation id once known (the list highlights it). */
  onConversation?: (id: number | null) => void;
}

/**
 * The chat screen (SPEC.md 2): top bar with the profile (fictional label with its warning) and the
 * credits badge, message bubbles with time and read state, the typing indicator and the send
 * footer. Opening it, and every new message while it is visible, marks the conversation read.
 */
export function Conversation({ target, initialText, openGiftPicker, onConversation }: ConversationProps) {
  const { t } = useTranslation('chat');
  const view = useQuery(chatQuery(target));
  const user = useUser();
  const [isGiftPickerOpen, setGiftPickerOpen] = useState(Boolean(openGiftPicker));

  useEffect(() => {
    onConversation?.(view.data?.conversation ?? null);
  }, [view.data?.conversation, onConversation]);

  if (view.isPending) return <div className="chat-conversation p-4 text-body-secondary">{t('loading')}</div>;
  if (view.isError) {
    const message = isApiError(view.error, 'not_found') ? t('notFound') : view.error.message;
    return (
      <div className="chat-conversation p-4">
        <p className="text-danger" role="alert">
          {message}
        </p>
        <Link to="/chats">{t('backToChats')}</Link>
      </div>
    );
  }
  if (!user) return null;
  return (
    <ConversationBody
      view={view.data}
      user={user}
      target={target}
      initialText={initialText}
      isGiftPickerOpen={isGiftPickerOpen}
      onGiftPickerChange={setGiftPickerOpen}
    />
  );
}

function ConversationBody({
  view,
  user,
  target,
  initialText,
  isGiftPickerOpen,
  onGiftPickerChange,
}: {
  view: ChatView;
  user: User;
  target: ChatTarget;
  initialText?: string | undefined;
  isGiftPickerOpen: boolean;
  onGiftPickerChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('chat');
  const settings = useSettings();
  const client = useQueryClient();
  const navigate = useNavigate();
  // The report dialog: the profile (`messageId` undefined) or one of its messages.
  const [reporting, setReporting] = useState<{ messageId?: number } | null>(null);
  // Messages reported from their safety note in this visit: the note then says so.
  const [reportedIds, setReportedIds] = useState<ReadonlySet<number>>(new Set());
  // A safety note's Report sends the report in one tap (issue: safer conversations): the message, the
  // note's signal and its reason (scam); the chat header's report and block stay for more.
  const quickReport = useReportMutation();
  const { t: tReport } = useTranslation('discovery');
  const reportSignal = (messageId: number, signal: RecipientWarnKind) => {
    if (quickReport.isPending) return;
    quickReport.mutate(
      { profile_id: other.id, reason: reportReasonForSignal(signal), message_ids: [messageId], signal },
      {
        onSuccess: () => {
          setReportedIds((ids) => new Set(ids).add(messageId));
          showToast(tReport('report.thanks'), 'success');
        },
        onError: (error) => showToast(errorText(error, t), 'danger'),
      },
    );
  };
  const me = user.profile.id;
  const other = view.profile;
  const isTyping = useIsTyping(view.conversation);
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [hasMoreOlder, setHasMoreOlder] = useState(view.has_more);
  const listRef = useRef<HTMLOListElement>(null);
  const messages = [...older, ...view.messages];
  const newest = view.messages.at(-1);

  // Keep the newest message (and the typing indicator) in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message or the indicator changes
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newest?.id, isTyping]);

  // Opening the chat, and a new message of the other side while visible, reads it (SPEC.md 4).
  const lastRead = useRef<number | null>(null);
  useEffect(() => {
    const conversation = view.conversation;
    if (conversation === null || !newest) return;
    const read = () => {
      if (document.visibilityState !== 'visible' || lastRead.current === newest.id) return;
      lastRead.current = newest.id;
      markRead(conversation).catch(() => undefined);
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [view.conversation, newest]);

  const afterSend = (result: SendMessageResult) => {
    addMessageToViews(result.message, other.id);
    client.setQueryData<User | null>(userKey, (u) => (u ? { ...u, credits: result.credits } : u));
    void client.invalidateQueries({ queryKey: chatKeys.chats });
    if (view.conversation === null) void client.invalidateQueries({ queryKey: chatKeys.view(target) });
  };

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    const page = await fetchOlder(target, first.id);
    setOlder((o) => [...page.messages, ...o]);
    setHasMoreOlder(page.has_more);
  };

  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const removeThisChat = async () => {
    setConfirmingDelete(false);
    if (view.conversation === null) return;
    await removeChats({ conversation: view.conversation });
    window.history.length > 1 ? window.history.back() : window.location.assign('/chats');
  };

  const thumb = photoUrl(settings.cdn_prefix, other.main_image?.thumb_filename);
  return (
    <div className="chat-conversation" data-testid="conversation">
      <header className="chat-topbar">
        <Link to="/chats" className="btn btn-link chat-back" aria-label={t('backToChats')}>
          ‹
        </Link>
        <Link to={`/members/${other.id}`} className="chat-topbar-profile text-reset text-decoration-none">
          {thumb ? (
            <img src={thumb} alt="" width={40} height={40} className="rounded-circle chat-avatar" />
          ) : (
            <span className="rounded-circle chat-avatar chat-avatar-empty" aria-hidden="true" />
          )}
          <span className="text-truncate">
            <span className="fw-semibold d-block text-truncate" data-testid="chat-profile-name">
              {other.name}
              {other.verified && <VerifiedBadge className="ms-1" />}
            </span>
            {other.online && <small className="text-success">{t('online')}</small>}
          </span>
        </Link>
        <Link
          to="/credits"
          className="badge rounded-pill text-bg-light border chat-credits ms-auto flex-shrink-0"
          data-testid="chat-credits"
          title={t('creditsBalance')}
        >
          {t('credits', { count: user.credits })}
        </Link>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary flex-shrink-0"
          aria-label={t('discovery:report.action')}
          onClick={() => setReporting({})}
          data-testid="report-chat-profile"
        >
          <span className="d-none d-sm-inline">{t('discovery:report.action')}</span>
          <span className="d-sm-none" aria-hidden="true">
            ⚑
          </span>
        </button>
        {view.conversation !== null && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger flex-shrink-0"
            aria-label={t('delete.button')}
            onClick={() => setConfirmingDelete(true)}
          >
            <span className="d-none d-sm-inline">{t('delete.button')}</span>
            <span className="d-sm-none" aria-hidden="true">
              ×
            </span>
          </button>
        )}
      </header>
      {isConfirmingDelete && (
        <ConfirmDialog
          question={t('delete.confirm', { name: other.name })}
          confirmLabel={t('delete.button')}
          onConfirm={() => void removeThisChat()}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
      {other.fictional && (
        <div className="chat-fictional px-3 py-2 border-bottom">
          <FictionalLabel />
        </div>
      )}
      <ol className="chat-messages list-unstyled" ref={listRef} aria-live="polite" data-testid="chat-messages">
        {hasMoreOlder && (
          <li className="text-center">
            <button type="button" className="btn btn-sm btn-link" onClick={() => void loadOlder()}>
              {t('older')}
            </button>
          </li>
        )}
        {messages.length === 0 && <li className="text-center text-body-secondary py-4">{t('empty')}</li>}
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            message={m}
            isMine={m.sender === me}
            isRead={m.sender === me && view.other_last_read !== null && m.id <= view.other_last_read}
            onReport={m.sender === me ? undefined : () => setReporting({ messageId: m.id })}
            onReportSignal={(signal) => reportSignal(m.id, signal)}
            isReported={reportedIds.has(m.id)}
            showExplicit={view.show_explicit_photos ?? false}
            onShowExplicit={() => {
              if (view.conversation !== null) void chooseExplicitPhotos(view.conversation, true).catch(() => undefined);
            }}
          />
        ))}
        {isTyping && (
          <li className="chat-typing" data-testid="typing-indicator">
            <span className="chat-typing-dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {t('typing', { name: other.name })}
          </li>
        )}
      </ol>
      {reporting && (
        <ReportDialog
          profile={other}
          messageId={reporting.messageId}
          onClose={() => setReporting(null)}
          onBlocked={() => void navigate('/chats')}
        />
      )}
      {view.refusal ? (
        <div className="chat-footer">
          <div className="alert alert-secondary mb-0" role="status">
            {t(`refusal.${view.refusal}`, { name: other.name })}
          </div>
        </div>
      ) : (
        <MessageForm
          conversation={view.conversation}
          maxLength={settings.message_length}
          costs={view.costs}
          initialText={initialText}
          isGiftPickerOpen={isGiftPickerOpen}
          onGiftPickerChange={onGiftPickerChange}
          onSendText={async (text, confirmed) =>
            afterSend(
              await sendMessage({
                profile: other.id,
                text,
                client_id: newClientId(),
                ...(confirmed ? { confirmed: true } : {}),
              }),
            )
          }
          onSendPhoto={async (file) => afterSend(await sendPhoto(other.id, newClientId(), file))}
          onSendGift={async (gift: Gift) =>
            afterSend(await sendMessage({ profile: other.id, kind: 'gift', gift: gift.id, client_id: newClientId() }))
          }
        />
      )}
    </div>
  );
}
