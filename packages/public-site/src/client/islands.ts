import type { FunctionComponent } from 'preact';
import type { IslandName } from '../model.js';

/**
 * An island module: its component and whether the server rendered it (`hydrate`) or left the element
 * empty for the browser to draw (`render`: the consent banner and the site-entry warning depend on
 * what this browser stored).
 */
export interface IslandModule {
  default: FunctionComponent<never>;
  mode: 'hydrate' | 'render';
}

/** The islands of the public pages, each loaded only by pages that have one. */
export const ISLANDS: Record<IslandName, () => Promise<IslandModule>> = {
  consent: () => import('../islands/consent.js') as Promise<IslandModule>,
  'site-entry': () => import('../islands/site-entry.js') as Promise<IslandModule>,
  'signup-dialog': () => import('../islands/signup-dialog.js') as Promise<IslandModule>,
  'swipe-deck': () => import('../islands/swipe-deck.js') as Promise<IslandModule>,
  'video-player': () => import('../islands/video-player.js') as Promise<IslandModule>,
};
