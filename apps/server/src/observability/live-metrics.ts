import { Gauge } from 'prom-client';
import type { DomainEventOf, DomainEvents } from '../events/domain-events.js';
import type { AppMetrics } from './metrics.js';

/** Message kinds counted under their own name; anything else is counted as `other`. */
const MESSAGE_KINDS = new Set(['text', 'photo', 'gift']);

/** The open member sockets of this instance (realtime/hub.ts `ConnectionHub.size`). */
export interface SocketCount {
  readonly size: number;
}

/**
 * Adds `websocket_connections`: the member sockets open on this instance, read from the realtime
 * hub at scrape time (sum over instances for the whole site).
 */
export function watchSockets(metrics: AppMetrics, hub: SocketCount): void {
  new Gauge({
    name: 'websocket_connections',
    help: 'Member WebSockets open on this instance.',
    registers: [metrics.registry],
    collect() {
      this.set(hub.size);
    },
  });
}

/**
 * Counts what the domain events tell (events/domain-events.ts; emitted after commit): every
 * `message_sent` in `messages_sent_total` by sender (operator when the message carries the
 * operator's staff id, else member) and kind, and an operator's answer's wait (messages.waited_seconds)
 * in `operator_response_seconds`. Returns the function that stops listening.
 */
export function watchDomainEvents(metrics: AppMetrics, events: DomainEvents): () => void {
  return events.on('message_sent', (event) => countMessage(metrics, event));
}

function countMessage(metrics: AppMetrics, event: DomainEventOf<'message_sent'>): void {
  const { message } = event.message;
  const sender = message.staff_id === null ? 'member' : 'operator';
  const kind = MESSAGE_KINDS.has(message.kind) ? message.kind : 'other';
  metrics.messagesSent.inc({ sender, kind });
  if (sender === 'operator' && message.waited_seconds !== null)
    metrics.operatorResponse.observe(message.waited_seconds);
}
