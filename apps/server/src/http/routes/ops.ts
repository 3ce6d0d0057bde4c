import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { isStopping } from '../../lifecycle/shutdown.js';
import { watchDatabase } from '../../observability/database-metrics.js';
import { type SocketCount, watchDomainEvents, watchSockets } from '../../observability/live-metrics.js';
import { type AppMetrics, renderMetrics } from '../../observability/metrics.js';
import { mayReadMetrics } from '../../observability/metrics-access.js';
import { checkReadiness } from '../../observability/readiness.js';

/** What the operations routes need besides the container: the app's metrics and its socket hub. */
export interface OpsRouteOptions extends AppDeps {
  metrics: AppMetrics;
  hub: SocketCount;
}

/** Not member API calls: outside the OpenAPI document, no site or session, no rate limit. */
const OPS_ROUTE = { schema: { hide: true }, config: { rateLimit: false } } as const;

/**
 * The operations endpoints (issue: production, "Seeing what it does"; docs/operations.md):
 * `GET /healthz` 200 `{status:"ok"}` while the process serves; `GET /readyz` 200
 * `{status:"ready",database:"ok",migrations:"ok"}`, else 503 with the part that failed, or 503
 * `{status:"stopping"}` once a graceful stop began (lifecycle/shutdown.ts); `GET /metrics` the
 * Prometheus text exposition, to a bearer of METRICS_TOKEN or, without one, to private addresses
 * (else 404). Also feeds the metrics that are read from the database, the sockets and the events.
 */
export const opsRoutes: FastifyPluginAsync<OpsRouteOptions> = async (app, deps) => {
  const { metrics } = deps;
  watchSockets(metrics, deps.hub);
  watchDatabase(metrics, deps);
  const stopWatching = watchDomainEvents(metrics, deps.events);
  app.addHook('onClose', async () => stopWatching());

  app.get('/healthz', OPS_ROUTE, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', OPS_ROUTE, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (isStopping(app)) return reply.code(503).send({ status: 'stopping' });
    const readiness = await checkReadiness(deps.db);
    return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
  });

  app.get('/metrics', OPS_ROUTE, async (req, reply) => {
    if (!mayReadMetrics(req, deps.config)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await renderMetrics(metrics));
  });
};
