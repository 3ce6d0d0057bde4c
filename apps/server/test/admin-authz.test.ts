/**
 * The back office's authorization matrix (docs/decisions/010-back-office.md "Who may do what"): every
 * call with `staff: 'signed_in'` × the roles admin (every site), moderator, support and operator of
 * site A × objects of site A and site B. A call of the contracts without a row here fails the test.
 *
 * Expected: admins may do everything everywhere; a role that may not gets 403 forbidden whatever the
 * site; a role that may gets its site's objects and 404 not_found for another site's (lists leave
 * them out, and a list filtered on that site is 404).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_CALLS, callOperation } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProviderPayment } from '../src/db/repositories/test-provider.js';
import { complaints, reports } from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { recordAudit } from '../src/services/staff/audit.js';
import { dashboardRows } from './admin-authz/dashboard.js';
import { fictionalRows } from './admin-authz/fictional.js';
import { operatorRows } from './admin-authz/operators.js';
import { safetyRows } from './admin-authz/safety.js';
import { shopRows } from './admin-authz/shop.js';
import { sitePageRows } from './admin-authz/site-pages.js';
import { siteRows } from './admin-authz/sites.js';
import {
  ACTORS,
  type ActorRef,
  actorName,
  type Caller,
  type MemberIds,
  type Req,
  type Row,
  SITES,
  type SiteKey,
  type SiteWorld,
  type World,
} from './admin-authz/types.js';
import { verificationRows } from './admin-authz/verification.js';
import { dbKinds } from './helpers/database.js';
import { createPayment } from './helpers/discount-factories.js';
import { createConversation } from './helpers/discovery-factories.js';
import { createMember, createPhoto, createSite } from './helpers/factories.js';
import { postStaffMultipart } from './helpers/fictional-factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff, type StaffRef } from './helpers/staff.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

const unique = () => randomBytes(5).toString('hex');

/** Both sites' ids: what a row of every site (no site of its own) counts as. */
function everySite(w: World): number[] {
  return [w.sites.A.id, w.sites.B.id];
}

/** Every `site_id` value anywhere in `json`. */
function siteIdsIn(json: unknown): number[] {
  if (Array.isArray(json)) return json.flatMap(siteIdsIn);
  if (!json || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([key, value]) =>
    key === 'site_id' && typeof value === 'number' ? [value] : siteIdsIn(value),
  );
}

/**
 * The back office's calls (staff: signed_in) and who may use them: the role rules of
 * policies/policies.ts as the issue states them. Moderators: members, photos, reports, complaints,
 * sanctions, conversations (read), deletion; support: members (view, notes, activation mail), staff
 * photos of those members, complaints, payments (read); operators nothing of this issue.
 */
const BACK_OFFICE_I: Record<string, Row> = {
  // Access: the account itself, staff accounts, the audit log.
  'GET /api/admin/me.php': { kind: 'self', request: () => ({}) },
  'PUT /api/admin/me.php': { kind: 'self', request: () => ({ body: { language: 'en' } }) },
  'GET /api/admin/sites.php': {
    kind: 'list',
    allow: ['moderator', 'support', 'operator'],
    sitesOf: (json) => (json as { id: number }[]).map((s) => s.id),
    request: () => ({}),
  },
  // Staff accounts: an admin sees and changes only accounts whose sites are all within its own.
  'GET /api/admin/staff.php': {
    kind: 'list',
    sitesOf: (json, w) => (json as { site_ids: number[] | null }[]).flatMap((a) => a.site_ids ?? everySite(w)),
    request: () => ({}),
  },
  'POST /api/admin/staff.php': {
    kind: 'object',
    outside: { status: 403, error: 'forbidden' },
    request: (w, site) => ({
      body: {
        email: `authz-${unique()}@staff.test`,
        name: 'Authz staff',
        role: 'support',
        site_ids: [w.sites[site].id],
        password: 'A-long-and-unusual-passphrase-42',
      },
    }),
  },
  'PUT /api/admin/staff.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await w.freshStaff(site), name: `Renamed ${unique()}` } }),
  },
  // The audit log: an admin of some sites reads its sites' entries, never another's or those of none.
  'GET /api/admin/audit.php': {
    kind: 'list',
    siteFilter: true,
    sitesOf: (json, w) =>
      (json as { entries: { site_id: number | null }[] }).entries.flatMap((e) =>
        e.site_id === null ? everySite(w) : [e.site_id],
      ),
    request: () => ({ query: { action: 'authz.' } }),
  },

  // Moderation: sanctions, the photo queue, photo settings, reports.
  'POST /api/admin/sanctions.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({
      body: { user_id: (await w.freshMember(site)).userId, kind: 'warn', reason: 'spam', note: 'Authz matrix' },
    }),
  },
  'POST /api/admin/sanction-revoke.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await w.freshSanction(site) } }),
  },
  'GET /api/admin/photos.php': { kind: 'list', allow: ['moderator'], siteFilter: true, request: () => ({}) },
  'POST /api/admin/photos.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({ body: { ids: [await w.freshWaitingPhoto(site)], decision: 'approve' } }),
  },
  'GET /api/admin/photo.php': {
    kind: 'object',
    allow: ['moderator', 'support'],
    request: (w, site) => ({ query: { id: w.site[site].photoId, size: 'thumb' } }),
    check: (res) => expect.soft(String(res.headers['content-type'])).toMatch(/^image\//),
  },
  'GET /api/admin/photo-settings.php': { kind: 'list', allow: ['moderator'], request: () => ({}) },
  'PUT /api/admin/photo-settings.php': {
    kind: 'object',
    allow: ['moderator'],
    request: (w, site) => ({ body: { site_id: w.site[site].id, auto_approve_photos: false } }),
  },
  'GET /api/admin/reports.php': { kind: 'list', allow: ['moderator'], siteFilter: true, request: () => ({}) },
  'GET /api/admin/report.php': {
    kind: 'object',
    allow: ['moderator'],
    request: (w, site) => ({ query: { id: w.site[site].reportId } }),
  },
  'POST /api/admin/report.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({ body: { id: await w.freshReport(site), action: 'dismiss' } }),
  },

  // Members.
  'GET /api/admin/members.php': {
    kind: 'list',
    allow: ['moderator', 'support'],
    siteFilter: true,
    request: () => ({}),
  },
  'GET /api/admin/member.php': {
    kind: 'object',
    allow: ['moderator', 'support'],
    request: (w, site) => ({ query: { id: w.site[site].member.userId } }),
  },
  'GET /api/admin/member-conversations.php': {
    kind: 'object',
    allow: ['moderator'],
    request: (w, site) => ({ query: { id: w.site[site].member.userId } }),
  },
  'GET /api/admin/member-conversation.php': {
    kind: 'object',
    allow: ['moderator'],
    request: (w, site) => ({
      query: { id: w.site[site].member.userId, conversation_id: w.site[site].conversationId },
    }),
  },
  'POST /api/admin/member-credits.php': {
    kind: 'object',
    request: (w, site) => ({ body: { id: w.site[site].member.userId, amount: 5, reason: 'Authz matrix goodwill' } }),
  },
  'POST /api/admin/member-notes.php': {
    kind: 'object',
    allow: ['moderator', 'support'],
    request: (w, site) => ({ body: { id: w.site[site].member.userId, text: `Authz matrix note ${unique()}` } }),
  },
  'POST /api/admin/member-activation.php': {
    kind: 'object',
    allow: ['moderator', 'support'],
    request: async (w, site) => ({ body: { id: (await w.freshMember(site, 'not_confirmed')).userId } }),
  },
  'POST /api/admin/member-delete.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({ body: { id: (await w.freshMember(site)).userId } }),
  },

  // Complaints and payments.
  'GET /api/admin/complaints.php': {
    kind: 'list',
    allow: ['moderator', 'support'],
    siteFilter: true,
    request: () => ({}),
  },
  'GET /api/admin/complaint.php': {
    kind: 'object',
    allow: ['moderator', 'support'],
    request: (w, site) => ({ query: { id: w.site[site].complaintId } }),
  },
  'PUT /api/admin/complaint.php': {
    kind: 'object',
    allow: ['moderator', 'support'],
    request: async (w, site) => ({ body: { id: await w.freshComplaint(site), status: 'in_progress' } }),
  },
  'GET /api/admin/payments.php': { kind: 'list', allow: ['support'], siteFilter: true, request: () => ({}) },
  'GET /api/admin/payment.php': {
    kind: 'object',
    allow: ['support'],
    request: (w, site) => ({ query: { id: w.site[site].paymentId } }),
  },
  'POST /api/admin/payment-refund.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await w.freshPayment(site), reason: 'Authz matrix refund' } }),
  },
};

/** Every area's rows: back office I above, back office II in ./admin-authz/<area>.ts. */
const TABLE: Record<string, Row> = {
  ...BACK_OFFICE_I,
  ...fictionalRows,
  ...operatorRows,
  ...siteRows,
  ...sitePageRows,
  ...shopRows,
  ...dashboardRows,
  ...safetyRows,
  ...verificationRows,
};

/** Whether `actor` may use a call of the table at all. */
function mayUse(row: Row, actor: ActorRef): boolean {
  if (row.kind === 'self') return true;
  if (row.kind === 'admin') return actor.role === 'admin' && actor.sites === 'all';
  return actor.role === 'admin' || (row.allow ?? []).includes(actor.role);
}

/** Whether `actor` works on `site`. */
function covers(actor: ActorRef, site: SiteKey): boolean {
  return actor.sites === 'all' || actor.sites.includes(site);
}

/** The query string of `req`. */
function withQuery(route: string, req: Req): string {
  if (!req.query) return route;
  const params = new URLSearchParams(Object.entries(req.query).map(([k, v]): [string, string] => [k, String(v)]));
  return `${route}?${params}`;
}

/** An expected answer: the status and, for a refusal, the error code. */
interface Outcome {
  status: number;
  error?: string;
}

/**
 * What `actor` gets from a call of `row` for site `site`'s objects (a list: filtered on that site):
 * 403 forbidden when it may not use the call at all, else 200 on its own sites and 404 not_found (or
 * the row's `outside`) on another's.
 */
function expectedOutcome(row: Row, actor: ActorRef, site: SiteKey): Outcome {
  if (!mayUse(row, actor)) return { status: 403, error: 'forbidden' };
  const scoped = row.kind === 'object' || row.kind === 'list';
  const reaches = covers(actor, site) && (!row.bothSites || covers(actor, site === 'A' ? 'B' : 'A'));
  if (scoped && !reaches) return (row.kind === 'object' && row.outside) || { status: 404, error: 'not_found' };
  return { status: 200 };
}

/** Soft-checks `res` against `expected`; answers whether it was the expected success (for further checks). */
function expectOutcome(res: { status: number; json: { error?: unknown } | null }, expected: Outcome, shown: string) {
  expect.soft(res.status, shown).not.toBe(500);
  expect.soft(res.status, shown).toBe(expected.status);
  if (expected.error) expect.soft(res.json?.error, shown).toBe(expected.error);
  return res.status === 200 && expected.status === 200;
}

describe.each(dbKinds())('back-office authorization: staff × site × action on %s', (kind) => {
  let server: TestServer;
  let w: World;
  const browsers = new Map<ActorRef, Browser>();
  const callers = new Map<ActorRef, Caller>();

  beforeAll(async () => {
    const photoDir = mkdtempSync(path.join(os.tmpdir(), 'admin-authz-'));
    server = await startTestServer(kind, { env: { PHOTO_DIR: photoDir } });
    const db = server.database.db;
    const siteA = await createSite(db, { is_default: true, auto_approve_photos: false });
    const siteB = await createSite(db, { auto_approve_photos: false });
    const ids = { A: siteA.id, B: siteB.id };
    const refs = await Promise.all(
      ACTORS.map((actor) =>
        createStaff(db, actor.role, actor.sites === 'all' ? null : actor.sites.map((site) => ids[site])),
      ),
    );
    const logins = await Promise.all(refs.map((ref) => loginStaff(server.url, ref)));
    for (const [i, actor] of ACTORS.entries()) {
      browsers.set(actor, logins[i] as Browser);
      callers.set(actor, { role: actor.role, staffId: (refs[i] as StaffRef).id });
    }
    const admin = browsers.get(ACTORS.find((a) => a.role === 'admin' && a.sites === 'all') as ActorRef) as Browser;
    w = await buildWorld(server, { A: siteA, B: siteB }, admin);
  });
  afterAll(() => server?.close());

  it('has a row for every signed-in back-office call of the contracts, and none for a call gone', () => {
    const calls = ALL_CALLS.filter((call) => call.staff === 'signed_in').map(callOperation);
    expect(
      calls.filter((op) => !(op in TABLE)),
      'signed-in calls without a row in admin-authz.test.ts',
    ).toEqual([]);
    expect(Object.keys(TABLE).filter((op) => !calls.includes(op))).toEqual([]);
  });

  for (const [op, row] of Object.entries(TABLE)) {
    const allowed = ACTORS.filter((actor) => mayUse(row, actor) && actor.sites === 'all')
      .map((actor) => actor.role)
      .join(', ');
    it(`${op} (${row.kind}): ${allowed}`, async () => {
      for (const actor of ACTORS) await checkCall(op, row, actor);
    });
  }

  it('ends the session of every staff account on logout', async () => {
    for (const actor of ACTORS) {
      const b = browsers.get(actor) as Browser;
      expect((await b.post('/api/admin/logout.php', {})).status, actorName(actor)).toBe(200);
      expect((await b.get('/api/admin/me.php')).json.error, actorName(actor)).toBe('authentication_required');
    }
  });

  /** Sends `req` for `op` as `actor`. */
  async function send(op: string, actor: ActorRef, req: Req) {
    const [method = 'GET', route = '/'] = op.split(' ');
    const browser = browsers.get(actor) as Browser;
    if (req.multipart) return postStaffMultipart(w.server.url, browser, withQuery(route, req), req.multipart);
    return browser.request(method, withQuery(route, req), method === 'GET' ? undefined : (req.body ?? {}));
  }

  /**
   * Checks one call for one staff account: an object call on both sites; a list unfiltered (it holds
   * exactly the account's sites) and, when it filters, on each site.
   */
  async function checkCall(op: string, row: Row, actor: ActorRef): Promise<void> {
    const who = actorName(actor);
    const sites: readonly SiteKey[] = row.kind === 'object' ? SITES : ['A'];
    for (const site of sites) {
      const res = await send(op, actor, await row.request(w, site, callers.get(actor) as Caller));
      const shown = `${op} as ${who} on site ${site} → ${res.status} ${String(JSON.stringify(res.json)).slice(0, 300)}`;
      // An unfiltered list answers every account that may use it, with its own sites' rows.
      const expected: Outcome =
        row.kind === 'list'
          ? mayUse(row, actor)
            ? { status: 200 }
            : { status: 403, error: 'forbidden' }
          : expectedOutcome(row, actor, site);
      if (!expectOutcome(res, expected, shown)) continue;
      row.check?.({ json: res.json, headers: res.headers as Record<string, unknown> });
      if (row.kind !== 'list') continue;
      const held = (row.sitesOf ?? siteIdsIn)(res.json, w);
      if (held === null) continue;
      for (const key of SITES) {
        expect.soft(new Set(held).has(w.site[key].id), `${shown}: site ${key}'s rows listed`).toBe(covers(actor, key));
      }
    }
    if (row.kind !== 'list' || !row.siteFilter) return;
    for (const site of SITES) {
      const res = await send(op, actor, { query: { site_id: w.site[site].id } });
      const shown = `${op}?site_id=${site} as ${who} → ${res.status} ${String(JSON.stringify(res.json)).slice(0, 300)}`;
      if (expectOutcome(res, expectedOutcome(row, actor, site), shown)) {
        const held = (row.sitesOf ?? siteIdsIn)(res.json, w);
        if (held !== null) expect.soft(new Set(held), shown).toEqual(new Set([w.site[site].id]));
      }
    }
  }
});

/**
 * Sites A and B with their objects: per site a member with a private photo uploaded through the API
 * (real files), a conversation with another member, a report on the member, a complaint, a paid
 * payment of the test provider, and a waiting photo in the queue.
 */
async function buildWorld(
  server: TestServer,
  sites: Record<SiteKey, { id: number; domain: string }>,
  admin: Browser,
): Promise<World> {
  const db = server.database.db;
  const made = new Map<string, Promise<unknown>>();
  const jpeg = await jpegWithGps(320, 240);
  const packages: Record<SiteKey, number> = {
    A: (await seedMoney(db, sites.A.id))[1] as number,
    B: (await seedMoney(db, sites.B.id))[1] as number,
  };

  const freshMember = async (site: SiteKey, status = 'confirmed'): Promise<MemberIds> => {
    const m = await createMember(db, sites[site].id, {
      user: { email: `authz-${site.toLowerCase()}-${unique()}@example.com`, credits: 500, status },
    });
    return { userId: m.user.id, profileId: m.profile.id };
  };
  const freshReport = async (site: SiteKey, reported?: MemberIds) => {
    const reporter = await freshMember(site);
    const target = reported ?? (await freshMember(site));
    const [row] = await db
      .insert(reports)
      .values({
        site_id: sites[site].id,
        reporter_user_id: reporter.userId,
        reported_profile_id: target.profileId,
        reason: 'spam',
        text: 'Sends the same link to everyone.',
      })
      .returning();
    return row!.id;
  };
  const freshPayment = async (site: SiteKey, owner?: MemberIds) => {
    const payer = owner ?? (await freshMember(site));
    const providerId = `tr_authz_${unique()}`;
    await insertTestProviderPayment(db, {
      id: providerId,
      amount_cents: 1995,
      currency: 'EUR',
      description: 'Credits',
      method: 'ideal',
      status: 'paid',
      redirect_url: 'http://127.0.0.1/return',
      webhook_url: 'http://127.0.0.1/api/payment-webhook.php',
    });
    const payment = await createPayment(db, {
      siteId: sites[site].id,
      userId: payer.userId,
      packageId: packages[site],
      provider_payment_id: providerId,
    });
    return payment.id;
  };
  const freshComplaint = async (site: SiteKey, owner?: MemberIds, paymentId?: number) => {
    const member = owner ?? (await freshMember(site));
    const [row] = await db
      .insert(complaints)
      .values({
        site_id: sites[site].id,
        user_id: member.userId,
        topic: 'payment',
        text: 'My credits did not arrive.',
        payment_id: paymentId ?? null,
      })
      .returning();
    return row!.id;
  };

  const build = async (site: SiteKey): Promise<SiteWorld> => {
    const member = await createMember(db, sites[site].id, {
      user: { email: `authz-owner-${site.toLowerCase()}-${unique()}@example.com`, credits: 500 },
    });
    const ids = { userId: member.user.id, profileId: member.profile.id };
    const browser = new Browser(server.url, sites[site].domain);
    const login = await browser.post('/api/user.php', { email: member.email, password: member.password });
    if (login.status !== 200) throw new Error(`member login on ${site}: ${JSON.stringify(login.json)}`);
    const upload = await postMultipart(`${server.url}/api/photos.php`, {
      fields: { is_private: 'true' },
      file: jpeg,
      sid: browser.cookie('sid'),
      host: sites[site].domain,
    });
    if (upload.status !== 200) throw new Error(`photo upload on ${site}: ${JSON.stringify(upload.json)}`);
    const partner = await freshMember(site);
    const conversation = await createConversation(db, sites[site].id, ids.profileId, partner.profileId);
    const paymentId = await freshPayment(site, ids);
    return {
      id: sites[site].id,
      packageId: packages[site],
      member: ids,
      photoId: upload.json.id as number,
      conversationId: conversation.id,
      reportId: await freshReport(site, ids),
      complaintId: await freshComplaint(site, ids, paymentId),
      paymentId,
    };
  };

  // Audit entries of site A, of site B and of none, for the audit row (action prefix `authz.`).
  for (const siteId of [sites.A.id, sites.B.id, null]) {
    await recordAudit(
      db,
      { staffId: null, staffEmail: 'authz matrix', ip: null },
      {
        action: 'authz.probe',
        objectType: 'site',
        objectId: siteId,
        siteId,
      },
    );
  }

  return {
    site: { A: await build('A'), B: await build('B') },
    freshMember,
    freshWaitingPhoto: async (site) =>
      (await createPhoto(db, (await freshMember(site)).profileId, { status: 'awaiting_approval' })).id,
    freshReport: (site) => freshReport(site),
    freshComplaint: (site) => freshComplaint(site),
    freshPayment: (site) => freshPayment(site),
    freshSanction: async (site) => {
      const target = await freshMember(site);
      const res = await admin.post('/api/admin/sanctions.php', {
        user_id: target.userId,
        kind: 'warn',
        reason: 'spam',
      });
      if (res.status !== 200) throw new Error(`sanction on ${site}: ${JSON.stringify(res.json)}`);
      return res.json.sanction.id as number;
    },
    freshStaff: async (site) => (await createStaff(db, 'support', [sites[site].id])).id,
    server,
    admin,
    sites,
    once: (key, make) => {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as ReturnType<typeof make>;
    },
  };
}
