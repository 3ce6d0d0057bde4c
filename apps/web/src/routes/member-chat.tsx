import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../components/not-found';
import { ChatScreen } from '../features/chat/chat-screen';

/**
 * Chat with a member (/members/{id}/chat): the conversation with that profile, started by the first
 * message. `?text=` fills the message field (icebreakers), `?gift=1` opens the gift picker.
 */
export function MemberChatPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const profile = Number(id);
  if (!Number.isInteger(profile) || profile <= 0) return <NotFound />;
  return (
    <ChatScreen
      target={{ profile }}
      initialText={search.get('text') ?? undefined}
      openGiftPicker={search.get('gift') === '1'}
      isBare
    />
  );
}

export { MemberChatPage as Component };
