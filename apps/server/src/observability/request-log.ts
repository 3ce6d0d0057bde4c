import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { REQUEST_ID_HEADER } from './logging.js';
import { type AppMetrics, UNMATCHED_ROUTE } from './metrics.js';

/**
 * What happens at the start and the end of every request (Fastify's `logController`): the request
 * id goes back in `x-request-id`, and each finished request is one observation of
 * `http_request_duration_seconds` and one log line. This replaces Fastify's two lines per request
 * (incoming, completed); its other lines (stream errors, 503 while closing) stay.
 */
export class RequestLog extends LogController {
  constructor(private readonly metrics: AppMetrics) {
    super();
  }

  /** Echoes the request id (logging.ts `requestIdFor`) to the caller. */
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    reply.header(REQUEST_ID_HEADER, request.id);
  }

  /**
   * Records a finished request: the duration by method, matched route pattern (UNMATCHED_ROUTE when
   * none) and status code, and the line `{reqId, method, route, status, ms, member?, staff?}`
   * ("request", info; "request errored" with `err` when the response failed). Member and staff are
   * ids only, never an e-mail address.
   */
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    this.metrics.httpRequestDuration.observe({ method: request.method, route, status_code: status }, seconds);
    const line = {
      method: request.method,
      route,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      member: request.user?.id,
      staff: request.staff?.id,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
