import { h, hydrate, render } from 'preact';
import type { IslandName } from '../model.js';
import { ISLANDS } from './islands.js';
import '../styles/public.css';

/**
 * The public pages' script (issue: public site): finds the server-rendered islands
 * (`[data-island]`) and hydrates each with its component and the props the server wrote beside it.
 */
export function startIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = ISLANDS[element.dataset.island as IslandName];
    if (!load) continue;
    const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
    void load().then((module) => {
      const vnode = h(module.default as never, props as never);
      if (module.mode === 'hydrate') hydrate(vnode, element);
      else render(vnode, element);
    });
  }
}
