import { useMatches } from 'react-router';

/** Route handle: the named route of SPEC.md 2 and the catalogue key of its title. */
export interface RouteHandle {
  name?: string;
  titleKey?: string;
  purposeKey?: string;
}

/** Name of the deepest matched route that has one (e.g. "members-id"), or undefined. */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}

/** Handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined) ?? {};
}
