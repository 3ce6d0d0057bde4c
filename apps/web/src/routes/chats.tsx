import { PlaceholderPage } from './placeholder-page';

/** Chats (/chats, /chats/{id}): the conversation list beside the conversation; being built. */
export function ChatsPage() {
  return <PlaceholderPage />;
}

export { ChatsPage as Component };
