import type { Db } from '../../db/client.js';

/** What every route plugin gets. */
export interface RouteDeps {
  db: Db;
}
