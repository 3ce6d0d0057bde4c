import type { Db } from '../db/client.js';

/** Demo likes, matches and blocks between seeded members (filled by the discovery work). */
export async function seedDiscovery(_db: Db, _siteId: number, _log: (msg: string) => void): Promise<void> {}
