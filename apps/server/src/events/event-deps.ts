import type { Db } from '../db/client.js';
import type { RealtimeBus } from '../realtime/bus.js';
import { createDomainEvents, type DomainEvents } from './domain-events.js';
import { subscribeRealtime } from './realtime-subscriber.js';

/**
 * What a use case that emits events takes: the container's `events` (AppDeps), or, from callers
 * that still hand over only `db` and `bus`, those two (then only the realtime subscriber hears).
 */
export interface EventDeps {
  db: Db;
  bus: RealtimeBus;
  events?: DomainEvents;
}

/** Buses of callers without `events`, each with only the realtime subscriber, one per bus and database. */
const realtimeOnly = new WeakMap<RealtimeBus, WeakMap<Db, DomainEvents>>();

/**
 * The event bus of `deps`: `deps.events`, else one that only pushes to sockets through `deps.bus`,
 * so realtime behaves the same whichever way the caller built its dependencies.
 */
export function eventsOf(deps: EventDeps): DomainEvents {
  if (deps.events) return deps.events;
  let byDb = realtimeOnly.get(deps.bus);
  if (!byDb) {
    byDb = new WeakMap();
    realtimeOnly.set(deps.bus, byDb);
  }
  let events = byDb.get(deps.db);
  if (!events) {
    events = createDomainEvents();
    subscribeRealtime(events, { db: deps.db, bus: deps.bus });
    byDb.set(deps.db, events);
  }
  return events;
}
