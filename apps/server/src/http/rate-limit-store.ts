/**
 * Where the per-route rate limits (`config.rateLimit` on a route, @fastify/rate-limit) count: in the
 * database every instance shares, or in Redis when REDIS_URL is set (issue: production; "rate
 * limits count per instance" no more). docs/decisions/015-production.md explains the choice.
 */
import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { countRateLimitHit } from '../db/repositories/rate-limits.js';
import type { AppDeps } from '../deps.js';

/** What the store needs from the container. */
export type RateLimitDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** A counted request: the count in its window so far (this one included) and milliseconds until the window ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/** Counts one request of `key` in a window of `timeWindowMs` milliseconds. */
type Counter = (key: string, timeWindowMs: number) => Promise<RateLimitCount>;

type StoreCallback = (error: Error | null, result?: RateLimitCount) => void;

/**
 * What @fastify/rate-limit hands a store's `child`: its types say the route's options, but it passes
 * the merged limit options with the route under `routeInfo` (its own Redis store reads it there).
 */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * The fixed window `timeWindowMs` long that holds `nowMs`: windows start at multiples of their
 * length since 1970 (UTC), so every instance puts a request into the same window without talking
 * to the others. Times in milliseconds.
 */
export function rateLimitWindow(nowMs: number, timeWindowMs: number): { start: number; end: number } {
  const length = Math.max(1, Math.trunc(timeWindowMs));
  const start = Math.floor(nowMs / length) * length;
  return { start, end: start + length };
}

/** The counter over the `rate_limit_hits` table (one upsert per limited request), on the container's clock. */
function databaseCounter({ db, clock }: Pick<RateLimitDeps, 'db' | 'clock'>): Counter {
  return async (key, timeWindowMs) => {
    const now = clock.now().getTime();
    const window = rateLimitWindow(now, timeWindowMs);
    const current = await countRateLimitHit(db, key, new Date(window.start), new Date(window.end));
    return { current, ttl: window.end - now };
  };
}

/**
 * A @fastify/rate-limit store (callback API: `incr(key, cb, timeWindow, max)` and `child(route)`)
 * over a Counter. Each limited route gets a child whose keys start with the route's method and URL,
 * so two routes never share a count. `continueExceeding` and `exponentialBackoff` are not supported
 * (no route of the app uses them).
 */
class CountingStore implements FastifyRateLimitStore {
  constructor(
    private readonly counter: Counter,
    private readonly prefix = '',
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    this.counter(this.prefix + key, timeWindow).then(
      (result) => callback(null, result),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(options: ChildOptions): CountingStore {
    const method = [options.routeInfo?.method ?? ''].flat().join(',');
    return new CountingStore(this.counter, `${method} ${options.routeInfo?.url ?? ''} `);
  }
}

/** The Redis client of each app (by its HTTP server: every route plugin of one app shares it). */
const redisClients = new WeakMap<FastifyInstance['server'], Redis>();

/**
 * The app's Redis client for REDIS_URL, made on first use and closed with the app. A command waits
 * for one reconnect at most, so a Redis outage fails fast instead of holding requests.
 */
function redisClientFor(app: FastifyInstance, url: string): Redis {
  const existing = redisClients.get(app.server);
  if (existing) return existing;
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5000 });
  client.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit store: Redis unreachable'));
  redisClients.set(app.server, client);
  app.addHook('onClose', async () => {
    redisClients.delete(app.server);
    await client.quit().catch(() => client.disconnect());
  });
  return client;
}

/**
 * The options of every `app.register(fastifyRateLimit, ...)` of the route plugins: only routes with
 * their own `config.rateLimit` are limited (`global: false`), and they count where every instance
 * sees the same number. With REDIS_URL set, in Redis (@fastify/rate-limit's own Redis store, keys
 * under REDIS_KEY_PREFIX; a Redis outage lets requests through, `skipOnError`, rather than failing
 * logins and payments: the login's own lockout lives in the database). Otherwise in the database,
 * PGlite included (`rate_limit_hits`, one atomic upsert per limited request). `app` is the plugin
 * instance registering; the Redis client closes with it.
 */
export function rateLimitOptions(app: FastifyInstance, deps: RateLimitDeps): RateLimitPluginOptions {
  const { redisUrl, redisKeyPrefix } = deps.config;
  if (redisUrl) {
    return { global: false, redis: redisClientFor(app, redisUrl), nameSpace: redisKeyPrefix, skipOnError: true };
  }
  const counter = databaseCounter(deps);
  return {
    global: false,
    store: class extends CountingStore {
      constructor() {
        super(counter);
      }
    },
  };
}
