import type { RealtimeEvent } from '@app/contracts';

/**
 * Delivers realtime events to the members behind the given profiles, on whichever server instance
 * they are connected to. Call only after the transaction that caused the event has committed.
 */
export interface RealtimeBus {
  publish(profileIds: number[], event: RealtimeEvent): Promise<void>;
}

/** A bus that drops events: used until the WebSocket gateway is started, and by tests that do not listen. */
export const silentBus: RealtimeBus = { publish: async () => undefined };
