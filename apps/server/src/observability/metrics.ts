import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * Buckets of `http_request_duration_seconds`, in seconds: 5 ms to 5 s, the range of an API call
 * from a cached read to a slow search or a payment provider's round trip.
 */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Buckets of `operator_response_seconds`, in seconds: 10 s to 4 h, how long a member waited for the
 * answer of a fictional profile (docs/decisions/011, 012; the dashboard's response times).
 */
export const OPERATOR_RESPONSE_BUCKETS = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400];

/** The route label of a request that matched no route (so a scan of random URLs adds no series). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The metrics of one app (issue: production, "Seeing what it does"; docs/operations.md). Each app
 * has its own registry, so tests that build many apps in one process never register a name twice;
 * the process's own metrics (CPU, memory, event loop, GC) live in one registry per process.
 */
export interface AppMetrics {
  registry: Registry;
  /** Seconds from request to response, by method, matched route pattern and status code. */
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Messages stored, by sender (member or operator) and kind (text, photo, gift). */
  messagesSent: Counter<'sender' | 'kind'>;
  /** Seconds a member waited for an operator's answer, observed when it is sent. */
  operatorResponse: Histogram<never>;
}

/** Builds the registry of one app with the metrics its request path and its event subscribers write. */
export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Seconds from request to response, by method, matched route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_DURATION_BUCKETS,
      registers: [registry],
    }),
    messagesSent: new Counter({
      name: 'messages_sent_total',
      help: 'Chat messages stored, by sender (member or operator) and kind (text, photo, gift).',
      labelNames: ['sender', 'kind'] as const,
      registers: [registry],
    }),
    operatorResponse: new Histogram({
      name: 'operator_response_seconds',
      help: "Seconds a member waited for the answer of a fictional profile's operator.",
      buckets: OPERATOR_RESPONSE_BUCKETS,
      registers: [registry],
    }),
  };
}

let processRegistry: Registry | null = null;

/**
 * The process's default metrics (process_*, nodejs_*), made at the first scrape: one set per
 * process however many apps it builds, and no event-loop or GC observers until someone scrapes.
 */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry });
  return processRegistry;
}

/**
 * The Prometheus text exposition of the process's metrics and the app's (collectors that read the
 * database run now, within their cache times).
 * @throws nothing of its own; a collector's failure is logged by the collector (database-metrics.ts)
 */
export async function renderMetrics(metrics: AppMetrics): Promise<string> {
  const [own, app] = await Promise.all([processMetrics().metrics(), metrics.registry.metrics()]);
  return `${own}\n${app}`;
}
