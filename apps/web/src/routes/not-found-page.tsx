import { NotFound } from '../components/not-found';

/** Unknown route (and, for now, every {token} page): the 404 screen (SPEC.md 8). */
export function NotFoundPage() {
  return <NotFound />;
}

export { NotFoundPage as Component };
