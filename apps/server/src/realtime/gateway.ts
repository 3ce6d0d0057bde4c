import { REALTIME_PATH, type RealtimeClientMessage } from '@app/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { isBlockedEitherWay } from '../db/repositories/blocks.js';
import { findMembership, otherProfileId } from '../db/repositories/conversations.js';
import { findProfileByUserId } from '../db/repositories/profiles.js';
import { siteOrigin } from '../services/sites/site-url.js';
import type { RealtimeBus } from './bus.js';
import type { ConnectionHub } from './hub.js';

/** Seconds between pings; a socket that did not answer the previous ping is closed. */
const PING_SECONDS = 30;
/** Fewest milliseconds between two typing signals of one socket that are passed on. */
const TYPING_MIN_MS = 1000;
/**
 * Close codes: 4401 not logged in, 4403 foreign origin (the client then stops retrying or falls
 * back); 1012 service restart, on a graceful stop (lifecycle/shutdown.ts: the client reconnects).
 */
export const CLOSE_CODES = { unauthenticated: 4401, forbiddenOrigin: 4403, serviceRestart: 1012 } as const;

/**
 * Whether the upgrade comes from a page of this site (Cross-Site WebSocket Hijacking defence): the
 * whole Origin (scheme, host and port) must equal the site's configured origin or the origin the
 * request itself was sent to; a page on another port or scheme of the same host is foreign.
 */
export function isSameOrigin(req: FastifyRequest, config: Pick<Config, 'publicUrl' | 'port'>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser: the session cookie still has to be valid
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    return false;
  }
  const own = [siteOrigin(req.site, config)];
  try {
    own.push(new URL(`${req.protocol}://${req.host}`).origin);
  } catch {
    // A Host header that is no URL authority matches nothing.
  }
  return own.includes(given);
}

/**
 * The realtime WebSocket (DECISIONS.md: real-time chat): GET /api/realtime upgrades for a logged-in
 * member (session cookie, resolved by the request context like every /api call; exempt from rate
 * limits). The server sends RealtimeEvent JSON; the client may send typing signals
 * `{type:'typing', conversation}` that go to the other side of a conversation it belongs to.
 */
export const realtimeGateway: FastifyPluginAsync<{
  db: Db;
  bus: RealtimeBus;
  hub: ConnectionHub;
  config: Config;
}> = async (app, { db, bus, hub, config }) => {
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, PING_SECONDS * 1000);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(
    REALTIME_PATH,
    { websocket: true, config: { rateLimit: false }, schema: { hide: true } },
    async (socket: WebSocket, req) => {
      if (!isSameOrigin(req, config)) return socket.close(CLOSE_CODES.forbiddenOrigin, 'origin');
      const user = req.user;
      const own = user ? await findProfileByUserId(db, user.id) : null;
      if (!own) return socket.close(CLOSE_CODES.unauthenticated, 'login');
      const me = own.profile.id;
      const remove = hub.add(me, socket);
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => {
        remove();
        sockets.delete(socket);
      });

      // Conversation id → the other profile, once membership (and no block) was checked.
      const peers = new Map<number, number | null>();
      let lastTyping = 0;
      const peerOf = async (conversation: number): Promise<number | null> => {
        if (peers.has(conversation)) return peers.get(conversation) ?? null;
        const found = await findMembership(db, conversation, me);
        const other = found ? otherProfileId(found.conversation, me) : null;
        const peer = other !== null && !(await isBlockedEitherWay(db, me, other)) ? other : null;
        if (peers.size < 500) peers.set(conversation, peer);
        return peer;
      };
      socket.on('message', (data) => {
        let msg: RealtimeClientMessage;
        try {
          msg = JSON.parse(String(data)) as RealtimeClientMessage;
        } catch {
          return;
        }
        if (msg.type === 'ping') return socket.send('{"type":"pong"}');
        if (msg.type !== 'typing' || !Number.isSafeInteger(msg.conversation)) return;
        const now = Date.now();
        if (now - lastTyping < TYPING_MIN_MS) return;
        lastTyping = now;
        peerOf(msg.conversation)
          .then(async (peer) => {
            if (peer !== null)
              await bus.publish([peer], { type: 'typing', conversation: msg.conversation, profile: me });
          })
          .catch((err: unknown) => req.log.warn({ err }, 'typing signal failed'));
      });
    },
  );
};
