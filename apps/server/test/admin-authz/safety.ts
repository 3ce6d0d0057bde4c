/**
 * The authorization matrix's rows of the safer-conversations and passkey calls of the back office:
 * the Signals queue, a member's signals, releasing held messages, the hold threshold (moderators and
 * admins of the member's site; the threshold set by admins), the own passkeys (every role) and the
 * roles' passkey requirement (admins).
 */
import { randomBytes } from 'node:crypto';
import { messages, passkeys } from '../../src/db/schema.js';
import { createConversation } from '../helpers/discovery-factories.js';
import type { Row, SiteKey, World } from './types.js';

/**
 * A fresh member of `site` with one held message to another fresh member (nothing charged, so
 * releasing it costs nothing): what a release acts on.
 */
async function memberWithHeldMessage(w: World, site: SiteKey): Promise<number> {
  const db = w.server.database.db;
  const sender = await w.freshMember(site);
  const recipient = await w.freshMember(site);
  const conversation = await createConversation(db, w.site[site].id, sender.profileId, recipient.profileId);
  await db.insert(messages).values({
    conversation_id: conversation.id,
    sender_profile_id: sender.profileId,
    body: 'Authz matrix: a held message',
    signals: [{ kind: 'money' }],
    held_at: new Date(),
  });
  return sender.userId;
}

/** Both sites hold a member with a held message, so the queue of every site has a row of each. */
async function heldOnBothSites(w: World): Promise<Record<SiteKey, number>> {
  return w.once('signals-both-sites', async () => ({
    A: await memberWithHeldMessage(w, 'A'),
    B: await memberWithHeldMessage(w, 'B'),
  }));
}

export const safetyRows: Record<string, Row> = {
  'GET /api/admin/signals.php': {
    kind: 'list',
    allow: ['moderator'],
    siteFilter: true,
    sitesOf: (json) => (json as { members: { site_id: number }[] }).members.map((m) => m.site_id),
    request: async (w) => {
      await heldOnBothSites(w);
      return {};
    },
  },
  'GET /api/admin/signal-member.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({ query: { user_id: (await heldOnBothSites(w))[site] } }),
  },
  'POST /api/admin/signal-release.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({ body: { user_id: await memberWithHeldMessage(w, site) } }),
  },
  'GET /api/admin/signal-settings.php': { kind: 'list', allow: ['moderator'], request: () => ({}) },
  'PUT /api/admin/signal-settings.php': {
    kind: 'object',
    request: (w, site) => ({ body: { site_id: w.site[site].id, risk_hold_threshold: 10 } }),
  },
  // The own passkeys: every role, only its own (a row made for the caller's account).
  'GET /api/admin/passkeys.php': { kind: 'self', request: () => ({}) },
  'DELETE /api/admin/passkeys.php': {
    kind: 'self',
    request: async (w, _site, caller) => {
      const [row] = await w.server.database.db
        .insert(passkeys)
        .values({
          staff_id: caller.staffId,
          credential_id: randomBytes(16).toString('base64url'),
          public_key: randomBytes(32).toString('base64url'),
          name: 'Authz matrix key',
        })
        .returning({ id: passkeys.id });
      return { body: { id: row?.id } };
    },
  },
  // Which roles require passkeys: read by admins, set by admins of every site (it binds them all).
  'GET /api/admin/staff-roles.php': { kind: 'list', sitesOf: () => null, request: () => ({}) },
  'PUT /api/admin/staff-roles.php': {
    kind: 'admin',
    request: () => ({ body: { role: 'operator', require_passkey: false } }),
  },
};
