import { h, render } from 'preact';
import { ConsentIsland } from './consent-island.js';
import type { ConsentIslandProps } from './props.js';
import './consent.css';

/**
 * Renders the consent island into `element` (the member app mounts it outside its React root; issue:
 * public site, consent), with the settings open when `startOpen`. Loaded on demand through
 * `loadConsentUi`. Answers a function that removes it.
 */
export function mountConsent(
  element: HTMLElement,
  props: ConsentIslandProps,
  options: { startOpen?: boolean } = {},
): () => void {
  render(h(ConsentIsland, { ...props, startOpen: options.startOpen ?? false }), element);
  return () => render(null, element);
}
