import type { Db } from '../db/client.js';

/** The demo site's gift catalogue and demo conversations (filled by the chat work). */
export async function seedChat(_db: Db, _siteId: number, _log: (msg: string) => void): Promise<void> {}
