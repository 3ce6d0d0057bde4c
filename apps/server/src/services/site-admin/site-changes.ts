import pg from 'pg';
import type { Db } from '../../db/client.js';

/** The NOTIFY channel of site changes (per database, so test databases never cross). */
export const SITE_CHANGES_CHANNEL = 'site_changes';
/** Reconnect delays of the LISTEN connection, in milliseconds: doubles up to the cap. */
const RECONNECT_MS = { first: 250, max: 10_000 };

/** A site's settings changed: `siteId`, or 0 for "any site" (after a lost LISTEN connection). */
export type SiteChangeHandler = (siteId: number) => void;

/**
 * Tells every server instance that a site's settings changed, so each drops its cached site rows
 * (http/context.ts) at once instead of after their 30-second lifetime (issue: back office II). Every
 * use case that writes the sites table announces after its commit (test/site-settings-fresh.test.ts
 * checks the source: issue 29 found the photo setting silent). On a PostgreSQL server this is NOTIFY
 * on `site_changes` with one LISTEN connection per instance; on PGlite (one process) it stays in
 * memory.
 */
export interface SiteChanges {
  /**
   * Announces a change of site `siteId` (0: any) to this instance at once (synchronously, before the
   * promise settles) and to the others through NOTIFY. Call after the change has committed. Never
   * rejects: a lost notice is logged, and the cache's lifetime still bounds how long another instance
   * serves the old settings.
   */
  announce(siteId: number): Promise<void>;
  /** Calls `handler` on each announcement of any instance; answers the unsubscribe. */
  subscribe(handler: SiteChangeHandler): () => void;
  /** Opens the LISTEN connection (PostgreSQL); resolves once it listens, or once a failure is logged. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The site-change channel for `db`: NOTIFY/LISTEN on a PostgreSQL pool, in memory on PGlite. */
export function createSiteChanges(db: Db, log: (msg: string, err?: unknown) => void): SiteChanges {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return new PgSiteChanges(client, log);
  return new MemorySiteChanges();
}

/** One process: announcements go straight to the handlers. */
class MemorySiteChanges implements SiteChanges {
  protected readonly handlers = new Set<SiteChangeHandler>();

  async announce(siteId: number): Promise<void> {
    this.deliver(siteId);
  }

  subscribe(handler: SiteChangeHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  protected deliver(siteId: number): void {
    for (const handler of this.handlers) handler(siteId);
  }

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.handlers.clear();
  }
}

/**
 * Several instances on one PostgreSQL database: `pg_notify` on the pool, one dedicated connection
 * LISTENing that reconnects with backoff (realtime/pg-bus.ts's pattern). After a reconnect every
 * handler hears "any site" (0), since notices sent meanwhile were lost.
 */
class PgSiteChanges extends MemorySiteChanges {
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectDelay = RECONNECT_MS.first;
  private timer: NodeJS.Timeout | undefined;
  private isReconnecting = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    super();
  }

  override async announce(siteId: number): Promise<void> {
    this.deliver(siteId);
    try {
      await this.pool.query('select pg_notify($1, $2)', [SITE_CHANGES_CHANNEL, String(siteId)]);
    } catch (err) {
      this.log('site change notice failed', err);
    }
  }

  override async start(): Promise<void> {
    if (this.listener || this.closed) return;
    try {
      await this.listen();
    } catch (err) {
      this.onLost(null, err);
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ ...this.pool.options, keepAlive: true });
    client.on('notification', (n) => {
      // This instance already heard its own announcements; another's are the same either way.
      const siteId = Number(n.payload);
      this.deliver(Number.isSafeInteger(siteId) ? siteId : 0);
    });
    client.on('error', (err) => this.onLost(client, err));
    client.on('end', () => this.onLost(client));
    await client.connect();
    await client.query(`LISTEN ${SITE_CHANGES_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.reconnectDelay = RECONNECT_MS.first;
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
    await super.close();
  }

  private onLost(client: pg.Client | null, err?: unknown): void {
    if (client) {
      client.removeAllListeners('end');
      client.end().catch(() => undefined);
    }
    if (this.closed || this.isReconnecting || (client && this.listener !== client && this.listener !== null)) return;
    this.listener = null;
    this.isReconnecting = true;
    this.log('site changes LISTEN connection lost; reconnecting', err);
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(RECONNECT_MS.max, delay * 2);
    this.timer = setTimeout(() => {
      this.isReconnecting = false;
      this.listen()
        .then(() => this.deliver(0))
        .catch((e: unknown) => this.onLost(null, e));
    }, delay);
    this.timer.unref();
  }
}
