import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ALL_CALLS, isAppRoute, platformCalls } from '@app/contracts';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { type AppDeps, buildAppDeps } from './deps.js';
import { bootDataTag, currentUserAnswer } from './http/app-page.js';
import { compressionZlib } from './http/compressed-answers.js';
import { registerContext } from './http/context.js';
import { registerErrorHandler } from './http/error-handler.js';
import { rememberFirstVisitLanguage } from './http/first-visit-language.js';
import { QUERY_FLAG_CONSTRAINT, queryFlagStrategy, registerCall } from './http/register-call.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { accessRoutes } from './http/routes/access.js';
import { adminAccessRoutes } from './http/routes/admin-access.js';
import { adminBillingRoutes } from './http/routes/admin-billing.js';
import { adminDashboardRoutes } from './http/routes/admin-dashboard.js';
import { adminFictionalRoutes } from './http/routes/admin-fictional.js';
import { adminMemberRoutes } from './http/routes/admin-members.js';
import { adminModerationRoutes } from './http/routes/admin-moderation.js';
import { adminOperatorRoutes } from './http/routes/admin-operators.js';
import { adminPasskeyRoutes } from './http/routes/admin-passkeys.js';
import { adminShopRoutes } from './http/routes/admin-shop.js';
import { adminSignalRoutes } from './http/routes/admin-signals.js';
import { adminSitePageRoutes } from './http/routes/admin-site-pages.js';
import { adminSiteRoutes } from './http/routes/admin-sites.js';
import { appManifestRoutes } from './http/routes/app-manifest.js';
import { chatRoutes } from './http/routes/chat.js';
import { devRoutes } from './http/routes/dev.js';
import { directDebitRoutes } from './http/routes/direct-debit.js';
import { discountRoutes } from './http/routes/discounts.js';
import { discoveryRoutes } from './http/routes/discovery.js';
import { faviconRoutes } from './http/routes/favicon.js';
import { mailNotificationRoutes } from './http/routes/mail-notifications.js';
import { memberRoutes } from './http/routes/members.js';
import { notificationSettingRoutes } from './http/routes/notification-settings.js';
import { opsRoutes } from './http/routes/ops.js';
import { passkeyRoutes } from './http/routes/passkeys.js';
import { paymentRoutes } from './http/routes/payments.js';
import { profileEditRoutes } from './http/routes/profile-edit.js';
import { createPublicPages } from './http/routes/public-pages.js';
import { pushRoutes } from './http/routes/push.js';
import { reportRoutes } from './http/routes/reports.js';
import { registerSeoRoutes } from './http/routes/seo.js';
import { siteRoutes } from './http/routes/site.js';
import { transactionRoutes } from './http/routes/transactions.js';
import { userRoutes } from './http/routes/user.js';
import { verificationRoutes } from './http/routes/verification.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { reportErrors } from './observability/error-reporting.js';
import { type LogStream, loggerOptions, requestIdFor } from './observability/logging.js';
import { createAppMetrics } from './observability/metrics.js';
import { RequestLog } from './observability/request-log.js';
import { realtimeGateway } from './realtime/gateway.js';
import { startRealtime } from './realtime/index.js';
import { isPrivatePhotoName } from './storage/photo-names.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's dependency container (deps.ts), built once in buildApp. */
    readonly deps: AppDeps;
  }
}

/** The query flags of calls that share a method and path with another (Call.queryFlag). */
const QUERY_FLAGS = [...new Set(ALL_CALLS.flatMap((call) => (call.queryFlag ? [call.queryFlag] : [])))];

/**
 * Builds the HTTP server: the JSON API under /api, photos under /photos, the built web client for
 * every other path. Nothing listens until the caller calls `listen`. The dependency container is
 * built here once (deps.ts); `collaborators` replaces parts of it (tests: a failing mail transport).
 */
export async function buildApp(
  config: Config,
  db: Db,
  clock: Clock = systemClock,
  collaborators: Partial<Omit<AppDeps, 'db' | 'config' | 'clock' | 'bus' | 'log'>> = {},
  options: { logStream?: LogStream } = {},
): Promise<FastifyInstance> {
  // Seeing what the server does (docs/operations.md): metrics, one log line per request, error reports.
  const metrics = createAppMetrics();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestIdFor,
    logController: new RequestLog(metrics),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Calls sharing a method and path are told apart by a query flag (POST /api/user.php?push=1).
    routerOptions: { constraints: { [QUERY_FLAG_CONSTRAINT]: queryFlagStrategy(QUERY_FLAGS) } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers: JSON.stringify in production, checked against the call's zod schema elsewhere (issue 31).
  app.setSerializerCompiler(responseSerializerCompiler(config.isProduction));
  await reportErrors(app, config);

  // Responses made per request (API answers, pages) get brotli quality 3: about the size of quality 5
  // for a page of search results at under half the CPU (docs/benchmarks.md, throughput). The client's
  // scripts and styles are compressed once at build time (scripts/precompress.mjs) and sent as they are.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    // Answers up to 64 KB are compressed in one call: a compression stream per response cost about
    // 0.4 ms of CPU each (a chat list), several times the compressing itself.
    syncThreshold: 65_536,
    // A small answer sent before (settings.php: the same for a site and language) is sent as it was
    // compressed then, the same bytes (http/compressed-answers.ts).
    zlib: compressionZlib(),
  });
  await registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Dating platform API',
        version: '1.0.0',
        description:
          'Every state-changing call needs the header `x-request-type: client`. Errors are `{ error, message, data? }`.',
      },
    },
    // A call told apart by a query flag is documented under `path?flag=1` (callOperation).
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const flag = (input.route.constraints as Record<string, unknown> | undefined)?.[QUERY_FLAG_CONSTRAINT];
      return typeof flag === 'string' ? { ...out, url: `${out.url}?${flag}=1` } : out;
    },
    transformObject: jsonSchemaTransformObject,
  });
  registerContext(app, db);
  registerErrorHandler(app);

  // Realtime (docs/decisions/006-realtime.md): LISTEN/NOTIFY bus on PostgreSQL, in-memory on PGlite.
  const realtime = await startRealtime(db, (msg, err) => app.log.warn({ err }, msg));
  app.addHook('onClose', () => realtime.close());
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(realtimeGateway, { db, bus: realtime.bus, hub: realtime.hub, config });

  // The one container: every route plugin gets the same collaborators (docs/ARCHITECTURE.md).
  const deps = buildAppDeps({
    ...collaborators,
    db,
    config,
    clock,
    bus: realtime.bus,
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  // The job worker (main.ts) and tests work with this same container.
  app.decorate('deps', deps);
  await app.register(opsRoutes, { ...deps, metrics, hub: realtime.hub });
  await app.register(siteRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(memberRoutes, deps);
  await app.register(accessRoutes, deps);
  await app.register(profileEditRoutes, deps);
  await app.register(devRoutes, deps);
  await app.register(discoveryRoutes, deps);
  await app.register(chatRoutes, deps);
  await app.register(paymentRoutes, deps);
  await app.register(discountRoutes, deps);
  await app.register(transactionRoutes, deps);
  await app.register(directDebitRoutes, deps);
  await app.register(faviconRoutes, deps);
  await app.register(appManifestRoutes, deps);
  await app.register(pushRoutes, deps);
  await app.register(mailNotificationRoutes, deps);
  await app.register(notificationSettingRoutes, deps);
  await app.register(passkeyRoutes, deps);
  await app.register(verificationRoutes, deps);
  // The back office (issue: back office I).
  await app.register(adminAccessRoutes, deps);
  await app.register(adminModerationRoutes, deps);
  await app.register(adminSignalRoutes, deps);
  await app.register(adminMemberRoutes, deps);
  await app.register(adminBillingRoutes, deps);
  await app.register(adminFictionalRoutes, deps);
  await app.register(adminOperatorRoutes, deps);
  await app.register(adminSiteRoutes, deps);
  await app.register(adminSitePageRoutes, deps);
  await app.register(adminShopRoutes, deps);
  await app.register(adminDashboardRoutes, deps);
  await app.register(adminPasskeyRoutes, deps);
  await app.register(reportRoutes, deps);
  registerCall(app, platformCalls.openApi, async () => app.swagger());

  mkdirSync(config.photoDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.photoDir,
    prefix: '/photos/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
    // Private photos' files are served only by GET /api/private-photo.php, to members allowed to see them.
    allowedPath: (pathName) => !isPrivatePhotoName(pathName.replace(/^\/+/, '')),
  });
  await registerWebClient(app, deps);
  return app;
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a hop count trusts the nearest `n` peers (proxy-addr's hop
 * index), the one thing Fastify's own number form no longer does; addresses go through as they are.
 */
function fastifyTrustProxy(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/**
 * Serves the pages: the public pages rendered on the server (issue: public site,
 * http/routes/public-pages.ts), and the built client for every other page: hashed assets cached for
 * a year, index.html for every app route (`X-Robots-Tag: noindex`: the member area and the other
 * screens of the app are not for search engines). Every other file (the service worker sw.js, the
 * offline page) is revalidated on each use (no-cache), so a deploy reaches browsers at their next
 * update check; a missing file with an extension is 404, never the client page; a path that is no
 * route of the app (contracts' `isAppRoute`, SPEC.md 2) is the client page with status 404.
 */
async function registerWebClient(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const indexFile = path.join(config.webDist, 'index.html');
  const built = existsSync(indexFile);
  if (!built)
    app.log.warn({ webDist: config.webDist }, 'web client not built; only the API and public pages are served');
  else {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The `.br` and `.gz` files the build wrote beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const publicPages = createPublicPages(deps);
  let indexHtml: string | null = null;
  /** index.html for a page with a snapshot: the app starts after the first paint (web/public/start-after-paint.js). */
  let snapshotHtml: string | null = null;
  registerSeoRoutes(app, deps);
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/photos/')) {
      return reply.callNotFound();
    }
    const file = req.url.split('?')[0] ?? '/';
    if (path.extname(file) && file !== '/') {
      const candidate = path.join(config.webDist, path.normalize(file));
      if (built && candidate.startsWith(config.webDist) && existsSync(candidate))
        return reply.sendFile(path.relative(config.webDist, candidate));
      return reply.callNotFound();
    }
    const url = new URL(req.url, 'http://page.invalid');
    const rendered = await publicPages.render(req, reply, url);
    if (rendered) {
      if (rendered.status >= 300 && rendered.status < 400) return reply;
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'Cookie, Accept-Language');
      return reply.code(rendered.status).type('text/html; charset=utf-8').send(rendered.html);
    }
    if (!built) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    reply.header('x-robots-tag', 'noindex, nofollow');
    // The back office is its own page and bundle (apps/web/admin.html), never the member client.
    if (file === '/admin' || file.startsWith('/admin/')) {
      return reply.sendFile('admin.html');
    }
    // The first page a visitor opens decides the language by one rule on every path (decision 018).
    const lng = rememberFirstVisitLanguage(req, reply);
    reply.header('vary', 'Cookie, Accept-Language');
    // The app's first answers travel in its page (http/app-page.ts); a member's page is theirs alone.
    if (req.user) reply.header('cache-control', 'no-store');
    indexHtml ??= readFileSync(indexFile, 'utf8');
    const user = await currentUserAnswer(deps, req);
    const bootData = bootDataTag(deps, req, lng, user);
    // Replacement functions, never strings: `$&`, `$\`` and `$'` in a member's text are text.
    const withBootData = (html: string) => html.replace('</head>', () => `${bootData}</head>`);
    reply.type('text/html; charset=utf-8');
    // A path the app has no screen for: its page with status 404, where the app shows its 404 screen.
    if (!isAppRoute(file)) return reply.code(404).send(withBootData(indexHtml));
    // /members, a profile (and a visitor's, where the site shows them) or /chats: the content as HTML
    // in the app's page (public-pages.ts appSnapshot), painted before the app starts and replaces it.
    const snapshot = await publicPages.appSnapshot(req, url, user);
    if (!snapshot) return reply.send(withBootData(indexHtml));
    snapshotHtml ??= startAfterPaint(indexHtml);
    let page = withBootData(snapshotHtml)
      .replace(/<html lang="[^"]*">/, () => `<html lang="${snapshot.lang}">`)
      .replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>/, () => `<div id="root">${snapshot.body}</div>`);
    // A visitor's snapshot has head tags and is for search engines too; a member's is theirs alone.
    if (snapshot.head !== null) {
      reply.removeHeader('x-robots-tag');
      const head = snapshot.head;
      page = page.replace(/<title>[^<]*<\/title>/, () => head);
    }
    return reply.send(page);
  });
}

/**
 * `html` (the built index.html) with its module entry started by web/public/start-after-paint.js
 * after the first paint instead of at once (docs/decisions/020): for pages whose content the server
 * wrote as a snapshot. Unchanged when the entry is not found.
 */
export function startAfterPaint(html: string): string {
  return html.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    '<script src="/start-after-paint.js" data-entry="$1" defer></script>',
  );
}
