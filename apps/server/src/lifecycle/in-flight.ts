/**
 * The requests a server instance is still working on, so a graceful stop closes the database only
 * after the last of them (issue 29: a stop under load answered 500 "Cannot use a pool after calling
 * end on the pool").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isStopping } from './shutdown.js';

/** The requests of one app whose work has not finished. */
export interface RequestsInFlight {
  /** Requests begun and not yet answered; one whose client went away counts until its handler answered. */
  readonly size: number;
  /** Resolves once no request is in flight (at once when none is). */
  settled(): Promise<void>;
}

/**
 * Tracks every HTTP request of `app` from the moment the server receives it until its work is over:
 * the reply was produced (Fastify's onSend, after the handler and the error handler) or the
 * response was written in full (Fastify's own 503 while closing, 404s). Counting connections is not
 * enough: a client that gives up (a load balancer's timeout, a closed tab) closes its connection
 * while the handler still runs and queries the database, and the server's close does not wait for
 * it. So `app.close()` waits for these requests too (an onClose hook that runs right after the
 * server stopped listening and before the app's other onClose hooks close the realtime bus and the
 * site-change listener). While stopping, every answer carries `Connection: close`, so a keep-alive
 * client sends its next request to another instance instead of to a connection about to close.
 * Call once, before `listen` (hooks cannot be added later).
 */
export function trackRequests(app: FastifyInstance): RequestsInFlight {
  const pending = new Set<IncomingMessage>();
  let waiters: (() => void)[] = [];
  const done = (raw: IncomingMessage) => {
    if (!pending.delete(raw) || pending.size > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  // Before Fastify's own listener, so even a request refused while closing is seen and let go.
  app.server.prependListener('request', (raw: IncomingMessage, res: ServerResponse) => {
    pending.add(raw);
    res.once('finish', () => done(raw));
    // Closed before the answer was written: the client went away and the handler may still run;
    // its onSend lets it go. Closed after `end()`: nothing of it runs any more.
    res.once('close', () => {
      if (res.writableEnded) done(raw);
    });
  });
  app.addHook('onSend', (req, reply, payload, next) => {
    if (isStopping(app)) reply.header('connection', 'close');
    done(req.raw);
    next(null, payload);
  });
  const settled = () =>
    pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
  app.addHook('onClose', async () => settled());
  return {
    get size() {
      return pending.size;
    },
    settled,
  };
}
