import { PlaceholderPage } from './placeholder-page';

/** Chat with a member (/members/{id}/chat); being built. */
export function MemberChatPage() {
  return <PlaceholderPage />;
}

export { MemberChatPage as Component };
