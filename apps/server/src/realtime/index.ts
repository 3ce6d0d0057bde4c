import pg from 'pg';
import type { Db } from '../db/client.js';
import type { RealtimeBus } from './bus.js';
import { ConnectionHub } from './hub.js';
import { MemoryBus } from './memory-bus.js';
import { PgBus } from './pg-bus.js';

/** The realtime parts of one server instance: the bus services publish to and the hub of local sockets. */
export interface Realtime {
  bus: RealtimeBus;
  hub: ConnectionHub;
  kind: 'postgres' | 'memory';
  close(): Promise<void>;
}

/**
 * Starts the realtime bus for `db` (docs/decisions/006-realtime.md): on a PostgreSQL server a
 * LISTEN/NOTIFY bus, so members connected to any instance get their events; on PGlite (one process)
 * an in-memory bus.
 */
export async function startRealtime(db: Db, log?: (msg: string, err?: unknown) => void): Promise<Realtime> {
  const hub = new ConnectionHub();
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const bus = new PgBus(client, hub, log);
    await bus.start();
    return { bus, hub, kind: 'postgres', close: () => bus.close() };
  }
  const bus = new MemoryBus(hub);
  return { bus, hub, kind: 'memory', close: () => bus.close() };
}
