import type { RealtimeEvent } from '@app/contracts';
import type { WebSocket } from 'ws';

/**
 * The WebSockets connected to THIS server instance, by the profile id of their member. A bus hands
 * it every event addressed to profiles; sockets of profiles connected elsewhere are simply absent.
 */
export class ConnectionHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();

  /** Registers a socket of `profileId`; returns the function that removes it again. */
  add(profileId: number, socket: WebSocket): () => void {
    let set = this.sockets.get(profileId);
    if (!set) {
      set = new Set();
      this.sockets.set(profileId, set);
    }
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(profileId) === set) this.sockets.delete(profileId);
    };
  }

  /** Sends `event` to every open socket of these profiles on this instance. */
  deliver(profileIds: readonly number[], event: RealtimeEvent | string): void {
    let text: string | undefined;
    for (const id of new Set(profileIds)) {
      const set = this.sockets.get(id);
      if (!set) continue;
      text ??= typeof event === 'string' ? event : JSON.stringify(event);
      for (const socket of set) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    }
  }

  /** Connected sockets (metrics, tests). */
  get size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }
}
