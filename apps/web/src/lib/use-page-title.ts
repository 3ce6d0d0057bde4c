import { useEffect } from 'react';
import { useChatCounts } from '../features/chat/counts-store';
import { useSettings } from '../features/session/use-settings';

/**
 * Sets document.title to "(N) title - site", N being unread messages plus new likes (SPEC.md 2);
 * without a title the site's index_title is used.
 */
export function usePageTitle(title?: string): void {
  const settings = useSettings();
  const { unreadMessages, newLikes } = useChatCounts();
  const count = unreadMessages + newLikes;
  useEffect(() => {
    const base = title ? `${title} - ${settings.name}` : settings.index_title || settings.name;
    document.title = count > 0 ? `(${count}) ${base}` : base;
  }, [title, count, settings.name, settings.index_title]);
}
