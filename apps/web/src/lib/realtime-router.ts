import type { RealtimeEvent } from '@app/contracts';

/** The type names of the realtime events ('message', 'typing', 'credits', ...). */
export type RealtimeEventType = RealtimeEvent['type'];

/** The event of one type, e.g. `RealtimeEventOf<'credits'>` is `{ type: 'credits'; credits: number }`. */
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;

/** A feature's handler for one event type. */
export type RealtimeHandler<T extends RealtimeEventType> = (event: RealtimeEventOf<T>) => void;

/** Routes each realtime event to the handlers subscribed to its type. */
export interface RealtimeRouter {
  /** Calls `handler` for every event of `type` until the returned unsubscribe function runs. */
  subscribe<T extends RealtimeEventType>(type: T, handler: RealtimeHandler<T>): () => void;
  /** Hands `event` to the handlers of its type, in the order they subscribed; other types are ignored. */
  dispatch(event: RealtimeEvent): void;
}

/**
 * A router of realtime events by type. The app uses the one below; tests make their own. Features
 * subscribe to the types they care about (chat to message, typing, read, chats; likes to like and
 * match; credits to credits), so no module needs to know every event.
 */
export function createRealtimeRouter(): RealtimeRouter {
  const handlers = new Map<RealtimeEventType, Set<(event: RealtimeEvent) => void>>();
  return {
    subscribe(type, handler) {
      // Only events of `type` ever reach this set, so the handler sees the shape it expects.
      const wide = handler as (event: RealtimeEvent) => void;
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      set.add(wide);
      return () => {
        handlers.get(type)?.delete(wide);
      };
    },
    dispatch(event) {
      const set = handlers.get(event.type);
      if (!set) return;
      // A copy: a handler may unsubscribe (itself or another) while the events are handed out.
      for (const handler of [...set]) handler(event);
    },
  };
}

const appRouter = createRealtimeRouter();

/**
 * Subscribes `handler` to the realtime events of `type` that arrive over the member's WebSocket
 * (lib/realtime.ts); returns the unsubscribe function (call it in the effect's cleanup).
 */
export function subscribe<T extends RealtimeEventType>(type: T, handler: RealtimeHandler<T>): () => void {
  return appRouter.subscribe(type, handler);
}

/** Hands one event from the socket to its subscribers (lib/realtime.ts calls this for every message). */
export function dispatchRealtimeEvent(event: RealtimeEvent): void {
  appRouter.dispatch(event);
}
