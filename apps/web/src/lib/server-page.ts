import type { LoaderFunctionArgs } from 'react-router';

/**
 * Loader of a page the server renders (issue: public site: home, landers, profile landers, legal
 * pages, pricing): a navigation inside the app to it loads it from the server as a whole page. When the
 * server itself answered this URL with the app (a page it does not have), the route is a 404.
 */
export async function loadServerPage({ request }: LoaderFunctionArgs): Promise<never> {
  const target = new URL(request.url);
  if (target.href === window.location.href) throw new Response('Not Found', { status: 404 });
  window.location.assign(target.href);
  // The browser is leaving: keep the router waiting instead of rendering anything.
  return new Promise<never>(() => undefined);
}
