/** The authorization matrix's rows of the back office's operators calls (issue: back office II). */
import { randomUUID } from 'node:crypto';
import { OPERATOR_LOCK_SECONDS } from '@app/contracts';
import type { Db } from '../../src/db/client.js';
import { storePaidMessage } from '../../src/db/repositories/messages.js';
import { conversationLocks, fictionalPersonas } from '../../src/db/schema.js';
import { createMember, createProfile } from '../helpers/factories.js';
import { jpegWithGps } from '../helpers/uploads.js';
import type { Caller, Row, SiteKey, World } from './types.js';

/**
 * A member of `siteId` who wrote to a new fictional profile (with a persona note) through the real
 * send statement: the conversation waits for an operator. `credits` the member's balance before (paid 10).
 */
export async function createWaitingConversation(
  db: Db,
  siteId: number,
  opts: { text?: string; credits?: number; now?: Date } = {},
) {
  const fictional = await createProfile(db, siteId, { is_fictional: true, user_id: null });
  await db.insert(fictionalPersonas).values({ profile_id: fictional.id, persona_note: 'Loves sailing; never meets.' });
  const member = await createMember(db, siteId, { user: { credits: opts.credits ?? 500 } });
  const sent = await storePaidMessage(db, {
    userId: member.user.id,
    siteId,
    country: member.profile.country,
    recipientProfileId: fictional.id,
    unreachableStatuses: ['pending_deletion', 'banned', 'erased'],
    unconfirmedStatus: 'not_confirmed',
    cost: 10,
    conversationLimit: null,
    kind: 'text',
    body: opts.text ?? 'Hallo, ben je er?',
    photoFilename: null,
    photoThumbFilename: null,
    giftId: null,
    clientId: randomUUID(),
    ledgerReason: 'message',
    now: opts.now ?? new Date(),
  });
  if (sent.status !== 'ok' || sent.conversationId === null) throw new Error(`waiting conversation: ${sent.status}`);
  return { conversationId: sent.conversationId, messageId: sent.messageId, fictional, member };
}

/**
 * A fresh waiting conversation of `site` locked to `caller` when it may answer (admins and
 * operators): an answer needs its sender to hold the lock (roles refused before it need none).
 */
async function lockedFor(w: World, site: SiteKey, caller: Caller): Promise<number> {
  const db = w.server.database.db;
  const { conversationId } = await createWaitingConversation(db, w.sites[site].id);
  if (caller.role === 'admin' || caller.role === 'operator') {
    const now = new Date();
    await db.insert(conversationLocks).values({
      conversation_id: conversationId,
      staff_id: caller.staffId,
      locked_at: now,
      expires_at: new Date(now.getTime() + OPERATOR_LOCK_SECONDS * 1000),
    });
  }
  return conversationId;
}

/** A waiting conversation of `site` made once per key (read-only rows). */
const waitingOf = (w: World, site: SiteKey, key = 'inbox') =>
  w.once(
    `${key}-${site}`,
    async () => (await createWaitingConversation(w.server.database.db, w.sites[site].id)).conversationId,
  );

/** A fresh waiting conversation of `site` (rows that take or give back a lock). */
const freshWaiting = async (w: World, site: SiteKey) =>
  (await createWaitingConversation(w.server.database.db, w.sites[site].id)).conversationId;

/** An answered conversation of `site`, answered by the matrix admin through the API (made once). */
const answeredOf = (w: World, site: SiteKey) =>
  w.once(`answered-${site}`, async () => {
    const id = await freshWaiting(w, site);
    const open = await w.admin.post('/api/admin/inbox-open.php', { id });
    if (open.status !== 200) throw new Error(`open on ${site}: ${JSON.stringify(open.json)}`);
    const answer = await w.admin.post('/api/admin/inbox-answer.php', { id, client_id: randomUUID(), text: 'Hoi!' });
    if (answer.status !== 200) throw new Error(`answer on ${site}: ${JSON.stringify(answer.json)}`);
    await w.admin.post('/api/admin/inbox-release.php', { id });
    return id;
  });

/**
 * Operators and admins use the inbox on their sites (another site's conversation is 404); moderators
 * and support get 403. Response times are for admins alone.
 */
export const operatorRows: Record<string, Row> = {
  'GET /api/admin/inbox.php': {
    kind: 'list',
    allow: ['operator'],
    siteFilter: true,
    request: async (w) => {
      await Promise.all([waitingOf(w, 'A'), waitingOf(w, 'B')]);
      return {};
    },
  },
  'POST /api/admin/inbox-open.php': {
    kind: 'object',
    allow: ['operator'],
    request: async (w, site) => ({ body: { id: await freshWaiting(w, site) } }),
  },
  'POST /api/admin/inbox-heartbeat.php': {
    kind: 'object',
    allow: ['operator'],
    request: async (w, site) => ({ body: { id: await freshWaiting(w, site) } }),
  },
  'POST /api/admin/inbox-release.php': {
    kind: 'object',
    allow: ['operator'],
    request: async (w, site) => ({ body: { id: await waitingOf(w, site, 'release') } }),
  },
  'POST /api/admin/inbox-answer.php': {
    kind: 'object',
    allow: ['operator'],
    request: async (w, site, caller) => ({
      body: {
        id: await lockedFor(w, site, caller),
        client_id: randomUUID(),
        text: 'Leuk dat je schrijft!',
      },
    }),
  },
  'POST /api/admin/inbox-photo.php': {
    kind: 'object',
    allow: ['operator'],
    request: async (w, site, caller) => ({
      multipart: {
        fields: { id: String(await lockedFor(w, site, caller)), client_id: randomUUID() },
        file: await w.once('inbox-jpeg', () => jpegWithGps(200, 160)),
      },
    }),
  },
  'POST /api/admin/inbox-note.php': {
    kind: 'object',
    allow: ['operator'],
    request: async (w, site) => ({ body: { id: await waitingOf(w, site, 'note'), text: 'Likes cycling.' } }),
  },
  'GET /api/admin/response-times.php': {
    kind: 'list',
    siteFilter: true,
    request: async (w) => {
      await Promise.all([answeredOf(w, 'A'), answeredOf(w, 'B')]);
      return {};
    },
  },
};
