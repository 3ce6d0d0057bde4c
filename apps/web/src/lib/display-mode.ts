import { PHONE_MEDIA_QUERY } from '@app/contracts/constants';

import { useSyncExternalStore } from 'react';

/**
 * Media queries of the installed app's display modes (the manifest asks for standalone; a desktop
 * app may draw its own title bar). Fullscreen and minimal-ui are left out: a browser tab in
 * fullscreen matches them too.
 */
const INSTALLED_APP_QUERIES = ['(display-mode: standalone)', '(display-mode: window-controls-overlay)'];

function canMatchMedia(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

/**
 * Whether the page runs as an installed app (SPEC.md 2 installed-app display mode): display mode
 * standalone (or window-controls-overlay), or a home-screen web app on iOS (`navigator.standalone`).
 */
export function isInstalledApp(): boolean {
  if (!canMatchMedia()) return false;
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return INSTALLED_APP_QUERIES.some((query) => window.matchMedia(query).matches);
}

/** Calls `listener` whenever the display mode changes (the app is installed and opens, or DevTools emulates it). */
export function subscribeDisplayMode(listener: () => void): () => void {
  if (!canMatchMedia()) return () => undefined;
  const lists = INSTALLED_APP_QUERIES.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', listener);
  return () => {
    for (const list of lists) list.removeEventListener('change', listener);
  };
}

/** Whether the page runs as an installed app, following changes of the display mode (for components). */
export function useIsInstalledApp(): boolean {
  return useSyncExternalStore(subscribeDisplayMode, isInstalledApp, () => false);
}

/** Whether the viewport is phone-sized (below Bootstrap's md breakpoint, 768 px). */
export function isPhone(): boolean {
  if (!canMatchMedia()) return false;
  return window.matchMedia(PHONE_MEDIA_QUERY).matches;
}
