import { STAFF_API_PREFIX } from '@app/contracts';
import type { FastifyReply } from 'fastify';

/** Where an operator reads the whole walk from an empty server to the first member. */
export const DEPLOY_GUIDE = 'docs/deploy.md';

/**
 * The steps that end the no-site state, in plain words. English on purpose: without a site there is
 * no site language yet, and the reader is the operator, who reads docs/deploy.md in English too.
 */
export const NO_SITE_STEPS = [
  'Create the first site: npm run site -- create --domain <domain> --name <name> --language <nl|en|de|...> (in the Docker image: docker compose exec app1 node apps/server/dist/site.js create ...).',
  'Create the first admin: npm run staff -- create --email <e-mail> --role admin (docker compose exec app1 node apps/server/dist/staff.js create ...), then log in at /admin.',
  'Or create the admin first, log in at /admin and add the first site under Sites, New.',
] as const;

/** The one-paragraph message of the JSON answer. */
export const NO_SITE_MESSAGE = `This server has no site yet, so it cannot answer for this address. ${NO_SITE_STEPS.join(' ')} Every step is in ${DEPLOY_GUIDE}.`;

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page a browser shows while the database has no site: what to do, no scripts, no outside files. */
export function noSitePage(): string {
  const steps = NO_SITE_STEPS.map((step) => `<li>${escapeHtml(step)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>No site yet</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1f2328}code,li{overflow-wrap:anywhere}</style>
</head><body><main>
<h1>This server has no site yet</h1>
<p>The server runs and its database is ready, but no site has been created, so there is nothing to show at this address.</p>
<ol>${steps}</ol>
<p>Every step, from an empty server to the first member, is in <code>${DEPLOY_GUIDE}</code>.</p>
</main></body></html>`;
}

/**
 * Whether a request may go on while the database has no site at all: the back-office API and the
 * back office's page, so the first admin can log in and create the first site (issue 32). Nothing
 * on those paths reads the request's site.
 */
export function worksWithoutSite(route: string | undefined, url: string): boolean {
  if (route?.startsWith(STAFF_API_PREFIX)) return true;
  const path = url.split('?')[0] ?? '';
  return route === '/*' && (path === '/admin' || path.startsWith('/admin/'));
}

/**
 * Answers 503 while the database has no site (SPEC.md 3: every request is answered for a site): the
 * API gets `{ error: 'service_unavailable', message, data: { reason: 'no_site', steps, docs } }`, a
 * page (the `/*` route) an HTML page with the same steps, robots.txt and the sitemap plain text.
 * `Retry-After` is not sent: the state ends by an operator's action, not by time.
 * `url`: the raw request URL, only to tell an unmatched /api/ path from a page.
 */
export function replyNoSite(reply: FastifyReply, route: string | undefined, url: string): FastifyReply {
  reply.code(503).header('cache-control', 'no-store');
  if (route?.startsWith('/api/') || url.startsWith('/api/')) {
    return reply.send({
      error: 'service_unavailable',
      message: NO_SITE_MESSAGE,
      data: { reason: 'no_site', steps: NO_SITE_STEPS, docs: DEPLOY_GUIDE },
    });
  }
  if (route === '/*') return reply.type('text/html; charset=utf-8').send(noSitePage());
  return reply.type('text/plain; charset=utf-8').send(NO_SITE_MESSAGE);
}
