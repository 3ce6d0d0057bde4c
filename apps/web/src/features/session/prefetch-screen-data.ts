import { FIRST_SCREEN_CARDS, isLoggedOutSearchAllowed } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { i18next } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { hasTrafficSource } from '../../lib/tracking';
import { chatsQuery } from '../chat/api';
import { photoUrl } from '../members/photo-url';
import { searchQuery } from '../members/use-search';
import { readRememberedFilter, resolveSearch } from '../members/use-search-defaults';
import { profileQuery } from '../profile/use-profile';
import { settingsQuery, userQuery } from './queries';

/*
 * Route loaders that start a screen's first API call when the router starts the screen's module
 * download, instead of after the module has loaded and rendered (docs/client.md, first load). They
 * never wait: each returns null at once, and the screen's own query finds the call in flight or done.
 * They ask only what the screen would ask with the same query key, and only when it may (a visitor
 * where the site allows searching; chats for a member).
 */

/** The member main.tsx loaded before the router started (null: a visitor). */
function currentUser() {
  return queryClient.getQueryData(userQuery.queryKey) ?? null;
}

/** Whether the visitor or member may see member cards and profiles (SPEC.md 2, logged-out search). */
function maySearch(): boolean {
  if (currentUser()) return true;
  const settings = queryClient.getQueryData(settingsQuery(i18next.language).queryKey);
  return settings !== undefined && isLoggedOutSearchAllowed(settings, hasTrafficSource());
}

/** /members: the search of the URL's filters (or the member's remembered or default ones). */
export function prefetchSearch({ request }: LoaderFunctionArgs): null {
  if (!maySearch()) return null;
  const user = currentUser();
  const remembered = user ? readRememberedFilter(user.id) : null;
  const { query } = resolveSearch(new URL(request.url).searchParams, user, remembered);
  const search = searchQuery(query);
  void queryClient.prefetchQuery(search).then(() => {
    const cards = queryClient.getQueryData(search.queryKey)?.results.slice(0, FIRST_SCREEN_CARDS) ?? [];
    const cdnPrefix = queryClient.getQueryData(settingsQuery(i18next.language).queryKey)?.cdn_prefix;
    if (cdnPrefix !== undefined) preloadPhotos(cards.map((card) => photoUrl(cdnPrefix, card.main_image?.match)));
  });
  return null;
}

/**
 * Starts downloading `urls` with high priority now, while the screen still renders, so the first
 * cards' photos (the page's largest paint) show with the cards instead of after them. The `<img>`
 * elements of the same URLs then find them in the browser's image cache.
 */
function preloadPhotos(urls: readonly (string | null)[]): void {
  for (const url of urls) {
    if (!url) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = url;
  }
}

/** /members/:id and /likes/m/:id: the profile view. */
export function prefetchProfile({ params }: LoaderFunctionArgs): null {
  const id = Number(params.id);
  if (Number.isInteger(id) && id > 0 && maySearch()) void queryClient.prefetchQuery(profileQuery(id));
  return null;
}

/**
 * /chats: the conversation list. (An open conversation is always asked anew when it shows, staleTime 0,
 * so it is not asked ahead.)
 */
export function prefetchChats(): null {
  if (currentUser()) void queryClient.prefetchQuery(chatsQuery);
  return null;
}
