/**
 * Path data of the inline SVG icons (16×16 view box) the member app and the public pages share: simple
 * shapes, no icon font.
 */
export const ICON_PATHS = {
  search: 'M11.7 10.3a6 6 0 1 0-1.4 1.4l3.6 3.6 1.4-1.4zM7 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8',
  chat: 'M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6l-4 3v-3a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1',
  heart: 'M8 14s-6-3.8-6-8a3.3 3.3 0 0 1 6-1.9A3.3 3.3 0 0 1 14 6c0 4.2-6 8-6 8',
  coins:
    'M8 1a6 6 0 1 0 0 12A6 6 0 0 0 8 1m0 2.5a.8.8 0 0 1 .8.8v.3a2 2 0 0 1 1.4 1 .8.8 0 1 1-1.4.7.7.7 0 0 0-.8-.4c-.5 0-.8.3-.8.5s.2.4.9.6c1 .2 2.1.6 2.1 1.9 0 .9-.6 1.6-1.4 1.8v.3a.8.8 0 0 1-1.6 0v-.3a2 2 0 0 1-1.4-1 .8.8 0 1 1 1.4-.7c.1.2.4.4.8.4.5 0 .8-.3.8-.5s-.2-.4-.9-.6C6.9 8.1 5.8 7.7 5.8 6.4c0-.9.6-1.6 1.4-1.8v-.3a.8.8 0 0 1 .8-.8',
  star: 'M8 1l2.1 4.4 4.9.7-3.5 3.4.8 4.8L8 12l-4.3 2.3.8-4.8L1 6.1l4.9-.7z',
  person: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6m-5 6s-1 0-1-1 1-4 6-4 6 3 6 4-1 1-1 1z',
  gift: 'M2 6h12v3H2zm1 3h10v6H3zm4-3h2v9H7zM8 6C6 6 4 5 4 3.5S6 1.5 8 6m0 0c2 0 4-1 4-2.5S10 1.5 8 6',
  block: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1m0 2a5 5 0 0 1 3 1L4 11a5 5 0 0 1 4-8m0 10a5 5 0 0 1-3-1l7-7a5 5 0 0 1-4 8',
  globe:
    'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1m4.9 6H11a11 11 0 0 0-1-4.3A5 5 0 0 1 12.9 7M8 3c.6.7 1.2 2 1.4 4H6.6C6.8 5 7.4 3.7 8 3M6 2.7A11 11 0 0 0 5 7H3.1A5 5 0 0 1 6 2.7M3.1 9H5a11 11 0 0 0 1 4.3A5 5 0 0 1 3.1 9M8 13c-.6-.7-1.2-2-1.4-4h2.8c-.2 2-.8 3.3-1.4 4m2 .3A11 11 0 0 0 11 9h1.9a5 5 0 0 1-2.9 4.3',
  /** Two stacked cards: the swipe game. */
  cards:
    'M3.5 2h6A1.5 1.5 0 0 1 11 3.5v9A1.5 1.5 0 0 1 9.5 14h-6A1.5 1.5 0 0 1 2 12.5v-9A1.5 1.5 0 0 1 3.5 2M12 4.2l1.9.6a1 1 0 0 1 .7 1.2l-2.2 7.6a1 1 0 0 1-.4.5z',
  /** A target: the match finder. */
  target: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1m0 2a5 5 0 1 1 0 10A5 5 0 0 1 8 3m0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6',
  lock: 'M8 1a3 3 0 0 0-3 3v3H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-1V4a3 3 0 0 0-3-3m-1.5 6V4a1.5 1.5 0 0 1 3 0v3z',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** Icons whose shapes have holes drawn by the even-odd rule (rings, cut-outs). */
export const EVENODD_ICONS: ReadonlySet<IconName> = new Set<IconName>(['cards', 'target']);
