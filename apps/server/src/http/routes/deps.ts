import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RealtimeBus } from '../../realtime/bus.js';

/** What every route plugin gets. */
export interface RouteDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Realtime events to connected members; publish after commit. */
  bus: RealtimeBus;
}
