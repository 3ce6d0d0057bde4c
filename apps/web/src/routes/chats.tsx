import { useParams } from 'react-router';
import { ChatScreen } from '../features/chat/chat-screen';

/** Chats (/chats, /chats/{id}): the conversation list beside the conversation (SPEC.md 2). */
export function ChatsPage() {
  const { id } = useParams();
  const conversation = Number(id);
  const target = id && Number.isInteger(conversation) && conversation > 0 ? { conversation } : null;
  return <ChatScreen target={target} isBare={target !== null} />;
}

export { ChatsPage as Component };
