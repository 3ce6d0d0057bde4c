import type { RealtimeEvent } from '@app/contracts';
import pg from 'pg';
import type { RealtimeBus } from './bus.js';
import type { ConnectionHub } from './hub.js';

/** The NOTIFY channel every instance LISTENs on (per database, so test databases never cross). */
export const REALTIME_CHANNEL = 'realtime_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const MAX_PAYLOAD_BYTES = 7800;
/** Reconnect delays of the LISTEN connection, in milliseconds: doubles up to the cap. */
const RECONNECT_MS = { first: 250, max: 10_000 };

/** What travels through NOTIFY: the addressed profile ids and the event. */
interface Envelope {
  p: number[];
  e: RealtimeEvent;
}

/**
 * Payloads of one publish, each under MAX_PAYLOAD_BYTES: a message too big to carry is sent as its
 * id (clients fetch it), and a long list of profiles is split over several notifications.
 */
export function encodeEnvelopes(profileIds: number[], event: RealtimeEvent): string[] {
  // The common case (a chat message to both sides) fits in one payload: one stringify.
  const whole = JSON.stringify({ p: profileIds, e: event } satisfies Envelope);
  if (whole.length * 3 <= MAX_PAYLOAD_BYTES || Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return [whole];
  let e = event;
  const fits = (ids: number[], ev: RealtimeEvent) =>
    Buffer.byteLength(JSON.stringify({ p: ids, e: ev })) <= MAX_PAYLOAD_BYTES;
  if (!fits(profileIds.slice(0, 1), e) && e.type === 'message') {
    const { message: _dropped, ...slim } = e;
    e = slim;
  }
  const out: string[] = [];
  let batch: number[] = [];
  for (const id of profileIds) {
    if (batch.length > 0 && !fits([...batch, id], e)) {
      out.push(JSON.stringify({ p: batch, e } satisfies Envelope));
      batch = [];
    }
    batch.push(id);
  }
  if (batch.length > 0) out.push(JSON.stringify({ p: batch, e } satisfies Envelope));
  return out;
}

/**
 * The bus of several instances on one PostgreSQL database: publish is `pg_notify` on the pool (so
 * it is only sent once the caller's transaction has committed and the caller has moved on), and
 * a dedicated connection LISTENs and hands every notification to this instance's hub. The LISTEN
 * connection reconnects with backoff; events published while it is down are lost for this instance,
 * which the clients' periodic refresh (SPEC.md 4) covers.
 */
export class PgBus implements RealtimeBus {
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectDelay = RECONNECT_MS.first;
  private timer: NodeJS.Timeout | undefined;
  /** Payloads waiting for the next flush, with the publishers waiting for it. */
  private queue: { payload: string; done: () => void }[] = [];
  private isFlushScheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly hub: ConnectionHub,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
  ) {}

  /** Opens the LISTEN connection; resolves once it listens. */
  async start(): Promise<void> {
    const client = new pg.Client({ ...this.pool.options, keepAlive: true });
    client.on('notification', (n) => this.onNotification(n.payload));
    client.on('error', (err) => this.onLost(client, err));
    client.on('end', () => this.onLost(client));
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    this.listener = client;
    this.reconnectDelay = RECONNECT_MS.first;
  }

  /**
   * Queues the event; everything published in the same turn of the event loop goes out in ONE
   * query (`pg_notify` over an array), so under load a notification costs a fraction of a round trip.
   * Resolves once PostgreSQL has accepted it; never rejects (a lost event is logged).
   */
  async publish(profileIds: number[], event: RealtimeEvent): Promise<void> {
    if (profileIds.length === 0 || this.closed) return;
    const payloads = encodeEnvelopes(profileIds, event);
    await Promise.all(
      payloads
        .map((payload) => new Promise<void>((done) => this.queue.push({ payload, done })))
        .concat(this.scheduleFlush()),
    );
  }

  private scheduleFlush(): Promise<void> {
    if (this.isFlushScheduled) return Promise.resolve();
    this.isFlushScheduled = true;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.isFlushScheduled = false;
        void this.flush().then(resolve);
      }),
    );
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    try {
      await this.pool.query('select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, n) order by n', [
        REALTIME_CHANNEL,
        batch.map((b) => b.payload),
      ]);
    } catch (err) {
      // Never fail the request that already committed; the refresh fallback covers a lost event.
      this.log('realtime publish failed', err);
    } finally {
      for (const b of batch) b.done();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  private onNotification(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { p, e } = JSON.parse(payload) as Envelope;
      this.hub.deliver(p, e);
    } catch (err) {
      this.log('bad realtime payload', err);
    }
  }

  private onLost(client: pg.Client, err?: unknown): void {
    if (this.closed || (this.listener !== client && this.listener !== null)) return;
    this.listener = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.log('realtime LISTEN connection lost; reconnecting', err);
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(RECONNECT_MS.max, delay * 2);
    this.timer = setTimeout(() => {
      this.start().catch((e: unknown) => this.onLost(client, e));
    }, delay);
    this.timer.unref();
  }
}
