import type { RealtimeEvent } from '@app/contracts';
import type { RealtimeBus } from './bus.js';
import type { ConnectionHub } from './hub.js';

/**
 * The bus of a single process (PGlite allows one process per database): events go straight to the
 * local hub, on the next turn of the event loop so a publisher never waits for socket writes.
 */
export class MemoryBus implements RealtimeBus {
  constructor(private readonly hub: ConnectionHub) {}

  async publish(profileIds: number[], event: RealtimeEvent): Promise<void> {
    if (profileIds.length === 0) return;
    setImmediate(() => this.hub.deliver(profileIds, event));
  }

  async close(): Promise<void> {}
}
