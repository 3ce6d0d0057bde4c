// @vitest-environment happy-dom
/**
 * The member app's first load (docs/client.md, first load): the page's boot data is read once, and
 * the screen of the page's path starts downloading before the router exists.
 */
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { takeBootData } from '../src/lib/boot-data';
import { type PreloadableLazy, preloadScreen } from '../src/lib/preload-screen';

function pageWith(block: string): Document {
  const doc = document.implementation.createHTMLDocument('app');
  doc.head.innerHTML = block;
  return doc;
}

describe('takeBootData', () => {
  it('reads the block once and removes it', () => {
    const doc = pageWith(
      '<script id="boot-data" type="application/json">{"lang":"de","settings":{"name":"Flirt \\u003c3"},"user":null}</script>',
    );
    expect(takeBootData(doc)).toEqual({ lang: 'de', settings: { name: 'Flirt <3' }, user: null });
    expect(doc.getElementById('boot-data')).toBeNull();
    expect(takeBootData(doc)).toBeNull();
  });

  it('answers null for a page without a block or with one it cannot read, so the app asks itself', () => {
    expect(takeBootData(pageWith(''))).toBeNull();
    expect(takeBootData(pageWith('<script id="boot-data" type="application/json">{"lang":</script>'))).toBeNull();
    expect(takeBootData(pageWith('<script id="boot-data" type="application/json">{"lang":"nl"}</script>'))).toBeNull();
  });
});

describe('preloadScreen', () => {
  const preloadable = () => {
    const preload = vi.fn((_lng: string) => undefined);
    const lazy: PreloadableLazy<object> = Object.assign(
      vi.fn(async () => ({})),
      { preload },
    );
    return Object.assign(lazy, { preload });
  };

  it("starts the matched screen's download in the page's language, and the lazy layouts above it", () => {
    const members = preloadable();
    const chats = preloadable();
    const layout = vi.fn(async () => ({}));
    const routes: RouteObject[] = [
      {
        lazy: layout,
        children: [
          { path: 'members', lazy: members },
          { path: 'chats', lazy: chats },
        ],
      },
    ];
    preloadScreen(routes, '/members', 'de');
    expect(members.preload).toHaveBeenCalledWith('de');
    expect(members).not.toHaveBeenCalled();
    expect(chats.preload).not.toHaveBeenCalled();
    expect(layout).toHaveBeenCalledTimes(1);
  });

  it('starts nothing for a path no route matches', () => {
    const members = preloadable();
    preloadScreen([{ path: 'members', lazy: members }], '/nowhere', 'nl');
    expect(members.preload).not.toHaveBeenCalled();
  });
});
