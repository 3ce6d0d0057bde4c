/**
 * The warm-up of a start (issue 31: the chat's first seconds; docs/decisions/016-throughput.md):
 * what the first requests after a start would otherwise pay for, done before the server listens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { CALL_GROUPS, CLIENT_HEADER } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { findNotificationTarget } from '../db/repositories/notification-mail.js';
import { findSessionUser } from '../db/repositories/sessions.js';
import { REQUEST_ID_HEADER } from '../observability/logging.js';
import { hashToken } from '../services/access/sessions.js';

/**
 * Opens every connection of the pool and runs the reads of the hot path on each (the session
 * lookup every member request starts with, the chat send's notification target), so the first
 * requests after a start neither wait for connections to open nor for PostgreSQL to parse these
 * statements and load its catalogue for them. They read nothing: a token no session has and a
 * profile id no profile has; nothing is written. Returns the milliseconds it took.
 */
export async function warmDatabase(database: Pick<Database, 'onEachConnection'>): Promise<number> {
  const started = performance.now();
  const noSession = hashToken(randomBytes(32).toString('base64url'));
  await database.onEachConnection(async (db) => {
    await findSessionUser(db, noSession);
    await findNotificationTarget(db, 0, 'message');
  });
  return performance.now() - started;
}

/** The member API's hot calls and the chat send, as a visitor sends them (warmRoutes). */
const WARM_REQUESTS: readonly { method: 'GET' | 'POST'; url: string; body?: () => object }[] = [
  { method: 'GET', url: CALL_GROUPS.site.settings.path },
  { method: 'GET', url: CALL_GROUPS.session.currentUser.path },
  { method: 'GET', url: CALL_GROUPS.chat.chats.path },
  { method: 'GET', url: CALL_GROUPS.discovery.likes.path },
  { method: 'GET', url: `${CALL_GROUPS.members.search.path}?page=1&per_page=24` },
  { method: 'GET', url: `${CALL_GROUPS.members.profile.path}?id=1` },
  {
    method: 'POST',
    url: CALL_GROUPS.chat.sendMessage.path,
    body: () => ({ profile: 1, text: 'Hoi, hoe gaat het?', client_id: randomUUID() }),
  },
];

/**
 * Sends the member API's hot calls and the chat send through `app` in process (`inject`, no
 * socket), `rounds` times each, as a visitor with the client header: routing, the request
 * context, input validation (zod builds its checks on first use), the error answer and the
 * serializers run once before the first member's request. A visitor reads only what any visitor
 * may (the site, public search) and the send is refused (403) before it writes anything. Their log
 * lines carry the request id `warm-up`. Call after every hook is added (it makes the app ready).
 * Returns the milliseconds it took and the status of each answer.
 */
export async function warmRoutes(app: FastifyInstance, rounds = 2): Promise<{ ms: number; statuses: number[] }> {
  const started = performance.now();
  const statuses: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const request of WARM_REQUESTS) {
      const answer = await app.inject({
        method: request.method,
        url: request.url,
        headers: { [CLIENT_HEADER.name]: CLIENT_HEADER.value, [REQUEST_ID_HEADER]: 'warm-up' },
        ...(request.body ? { payload: request.body() } : {}),
      });
      statuses.push(answer.statusCode);
    }
  }
  return { ms: performance.now() - started, statuses };
}
