import { PlaceholderPage } from './placeholder-page';

/** Match finder (/match-finder); being built. */
export function MatchFinderPage() {
  return <PlaceholderPage />;
}

export { MatchFinderPage as Component };
