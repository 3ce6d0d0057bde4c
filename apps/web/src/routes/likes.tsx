import { PlaceholderPage } from './placeholder-page';

/** Likes (/likes, /likes/{type}): received, given and mutual likes; being built. */
export function LikesPage() {
  return <PlaceholderPage />;
}

export { LikesPage as Component };
