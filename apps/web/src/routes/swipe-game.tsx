import { PlaceholderPage } from './placeholder-page';

/** Swipe game (/swipe-game); being built. */
export function SwipeGamePage() {
  return <PlaceholderPage />;
}

export { SwipeGamePage as Component };
