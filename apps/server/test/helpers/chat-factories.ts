import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { Db } from '../../src/db/client.js';
import { creditLedger, gifts, users } from '../../src/db/schema.js';
import { createMember } from './factories.js';
import { Browser } from './server.js';

type MemberOpts = Parameters<typeof createMember>[2];

/**
 * A member whose credits come from a ledger row (balance = sum of the ledger), logged in through
 * the API. `credits` defaults to 100.
 */
export async function createChatMember(
  db: Db,
  siteId: number,
  url: string,
  opts: MemberOpts & { credits?: number } = {},
) {
  const credits = opts.credits ?? 100;
  const member = await createMember(db, siteId, { ...opts, user: { ...opts.user, credits } });
  if (credits > 0) {
    await db
      .insert(creditLedger)
      .values({ user_id: member.user.id, delta: credits, balance_after: credits, reason: 'test_grant' });
  }
  const browser = new Browser(url);
  const res = await browser.post('/api/user.php', { email: member.email, password: member.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { ...member, browser };
}

/** A gift in the site's catalogue. */
export async function createGift(db: Db, siteId: number, credits = 30) {
  const [row] = await db
    .insert(gifts)
    .values({ site_id: siteId, name: 'Roos', image: 'gifts/roos.png', credits })
    .returning();
  return row!;
}

/** The member's balance and the sum of their ledger rows. */
export async function balanceAndLedger(db: Db, userId: number) {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.user_id, userId));
  return { credits: user?.credits ?? -1, ledger: sum?.total ?? 0 };
}

/** Sends a text message through the API. */
export function sendText(browser: Browser, profile: number, text: string, clientId: string = randomUUID()) {
  return browser.post('/api/message.php', { profile, text, client_id: clientId });
}

/** A WebSocket to the realtime path with the browser's session cookie; collects every event. */
export async function connectRealtime(baseUrl: string, browser: Browser) {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/realtime`;
  const socket = new WebSocket(url, { headers: { cookie: `sid=${browser.cookie('sid')}` } });
  // biome-ignore lint/suspicious/noExplicitAny: events are checked by the assertions
  const events: any[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Resolves with the first event matching `match`, or rejects after `ms`. */
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const waitFor = (match: (e: any) => boolean, ms = 5000) =>
    // biome-ignore lint/suspicious/noExplicitAny: see above
    new Promise<any>((resolve, reject) => {
      const found = events.find(match);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`)), ms);
      const onMessage = (data: WebSocket.RawData) => {
        const event = JSON.parse(String(data));
        if (!match(event)) return;
        clearTimeout(timer);
        socket.off('message', onMessage);
        resolve(event);
      };
      socket.on('message', onMessage);
    });
  return { socket, events, waitFor, close: () => socket.close() };
}
