/**
 * The logged-in top navigation's links (SPEC.md 2), destinations among the member app's routes
 * (app-routes.ts), for the member app and the public pages alike. Zod-free and apart from the route
 * table, so the app's first download takes only these few links.
 */

/** A link of the logged-in top navigation: where it goes, its text (common catalogue) and its icon. */
export interface MemberNavLink {
  to: string;
  /** Key in the common catalogue (`nav.members`). */
  key: string;
  /** Name of an icon of the shared set (public-site icons.ts). */
  icon: 'search' | 'chat' | 'heart' | 'cards' | 'target' | 'coins' | 'star';
  /** The count its badge shows (SPEC.md 2: unread messages, new likes), if any. */
  badge?: 'unreadMessages' | 'newLikes';
}

/**
 * The top navigation of a logged-in member (SPEC.md 2 "Top navigation (logged in)"), one list for the
 * member app and the public pages: search members, messages, likes, the swipe game, the match finder,
 * then credits for paid members or Get Premium for the others (`memberMoneyLink`).
 */
export const MEMBER_NAV_LINKS: readonly MemberNavLink[] = [
  { to: '/members', key: 'nav.members', icon: 'search' },
  { to: '/chats', key: 'nav.messages', icon: 'chat', badge: 'unreadMessages' },
  { to: '/likes', key: 'nav.likes', icon: 'heart', badge: 'newLikes' },
  { to: '/swipe-game', key: 'nav.swipeGame', icon: 'cards' },
  { to: '/match-finder', key: 'nav.matchFinder', icon: 'target' },
];

/** The last item of the member navigation: credits for a paid member, else Get Premium (SPEC.md 2). */
export function memberMoneyLink(isPaid: boolean): MemberNavLink {
  return isPaid
    ? { to: '/credits', key: 'nav.credits', icon: 'coins' }
    : { to: '/premium', key: 'nav.getPremium', icon: 'star' };
}

/** The account dropdown's links (SPEC.md 2: My profile, Settings; and the transactions); logout follows them. */
export const ACCOUNT_MENU_LINKS: readonly { to: string; key: string }[] = [
  { to: '/profile', key: 'nav.myProfile' },
  { to: '/notifications', key: 'nav.settings' },
  { to: '/transactions', key: 'routes.transactions.title' },
];
