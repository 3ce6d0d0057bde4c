/**
 * The authorization matrix of the API (docs/security.md): for every operation the server registers,
 * the documented ones of GET /api/openapi.json and the hidden ones, the expected answer per role and
 * a realistic request per role. apps/server/test/security-authz-matrix.test.ts runs it against the
 * real server; a route missing here, or listed here but gone, fails that test.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { ALL_CALLS, type Call, callOperation, MAXIMUM_AGE, MINIMUM_AGE } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import {
  blocks,
  creditLedger,
  directDebitMandates,
  faceVerifications,
  payments,
  photos,
  push_subscriptions,
  reports,
  users,
} from '../../src/db/schema.js';

/**
 * The roles, in the order they are checked: those who must not touch the owner's resources first,
 * then the owners themselves (their calls may change what they own).
 */
export const ROLES = ['visitor', 'nonParty', 'blocked', 'free', 'premium'] as const;
/** visitor: no session; nonParty: a free member unrelated to the owner; blocked: a premium member the owner blocked; free and premium: members acting on their own resources (premium is the owner the others aim at). */
export type Role = (typeof ROLES)[number];
/** A role with a session. */
export type MemberRole = Exclude<Role, 'visitor'>;

/** A member of the matrix: ids, credentials and the session token of their logged-in browser. */
export interface MemberRef {
  userId: number;
  profileId: number;
  email: string;
  password: string;
  sid: string;
  paid: boolean;
}

/** What a request of a role points at: the subject's own resources (the owner's for visitor, nonParty and blocked). */
export interface Target {
  /** Whose resources these are: the free member for `free`, else the premium member (the owner). */
  owner: MemberRef;
  /** The profile to act on: the owner's chat partner for free and premium, else the owner's own profile. */
  profile: number;
  /** A conversation: the owner's with the partner; for `blocked` their own, hidden one with the owner. */
  conversation: number;
  /** The owner's message in that conversation and its client_id. */
  message: { id: number; clientId: string };
  /** A public photo of the owner with real files (not the main one for premium). */
  photo: number;
  /** The owner's private photo (premium) with real files. */
  privatePhoto: number;
  /** The owner's payment: paid for the premium owner, failed for the free member. */
  payment: number;
  /** The owner's pending direct-debit mandate and the code of its SMS. */
  mandate: { id: number; code: string };
  /** A discount code: the premium owner's personal code, or a site code for the free member. */
  discountCode: string;
}

/** What the matrix needs from the running server and its data (built by the test). */
export interface World {
  url: string;
  db: Db;
  siteId: number;
  /** An active credit package of the site (the one the premium owner's paid payment bought). */
  packageId: number;
  /** A JPEG for uploads. */
  jpeg: Buffer;
  /** Email of a member nobody else in the matrix is (the owner's chat partner). */
  spareEmail: string;
  /** The owner's open test-provider payment (for the webhook and the checkout page). */
  openPayment: { id: number; providerId: string };
  /** The owner's data no other role may ever receive: email, message text, private and waiting photo file names, IBAN, phone, complaint. */
  secrets: string[];
  member(role: MemberRole): MemberRef;
  target(role: Role): Target;
  /** A fresh active fictional profile nobody relates to. */
  freshProfile(): Promise<number>;
  /** A fresh public photo of `owner`, uploaded through the API (real files). */
  freshPhoto(owner: MemberRef): Promise<number>;
  /** A fresh conversation of `owner` with a fresh profile. */
  freshConversation(owner: MemberRef): Promise<number>;
  /** Another session token of `member` (so the role's own session survives logout and the like). */
  freshSession(member: MemberRef): Promise<string>;
  /** A new member like the role's (same paid flag) with a session, for calls that end an account. */
  twin(role: MemberRole): Promise<MemberRef>;
  /** Starts a payment of `owner` through the API and answers it with its test-provider id. */
  startPayment(owner: MemberRef): Promise<{ id: number; providerId: string }>;
  /** A phone number no mandate used yet. */
  freshPhone(): string;
  /** A session of the owner's chat partner (to watch what reaches them). */
  partnerSid: string;
  /** Whether a typing signal the WebSocket of `senderSid` sends for `conversation` reaches any of `receiverSids`. */
  typingReaches(senderSid: string, conversation: number, receiverSids: string[]): Promise<boolean>;
  /** Sends one JSON request with the client header as `sid` (null: no session). */
  request(method: string, path: string, sid: string | null, body?: unknown): Promise<MatrixResponse>;
}

/** One request of the matrix. Paths and sessions default to the route's and the role's. */
export interface RequestSpec {
  query?: Record<string, string | number>;
  /** JSON body. */
  body?: unknown;
  /** application/x-www-form-urlencoded body (payment providers). */
  form?: Record<string, string>;
  /** multipart/form-data: text fields and the `file` part. */
  multipart?: { fields: Record<string, string>; file: Buffer };
  /** Open a WebSocket instead: the status is 101 when it stays open, else the close code. */
  websocket?: boolean;
  /** The concrete path of a parameterised route. */
  path?: string;
  /** Session override: a token, or null for none; undefined means the role's own session. */
  sid?: string | null;
  /** Send `x-request-type: client` (default true). */
  clientHeader?: boolean;
  /** Values the check needs (ids made by the request builder). */
  memo?: Record<string, number | string>;
  /** Runs after the check: undoes what the call changed that later calls must not see. */
  cleanup?: () => Promise<void>;
}

/** An answer: status (or WebSocket outcome), parsed JSON or text, headers. */
export interface MatrixResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
  json: any;
  headers: Record<string, string | string[] | undefined>;
}

/** The expected answer: status and, for errors, the error code. */
export interface Outcome {
  status: number;
  error?: string;
}

/** What a builder and a check know: the role, the world, what the role aims at and who acts. */
export interface CheckContext {
  role: Role;
  w: World;
  t: Target;
  actor: MemberRef | null;
}

/** One operation of the matrix. */
export interface MatrixEntry {
  /** The authorization rule, one line for the reader. */
  rule: string;
  expect: Record<Role, Outcome>;
  request(c: CheckContext): RequestSpec | Promise<RequestSpec>;
  /** Further assertions (expect.soft) when the answer is the expected success. */
  check?(res: MatrixResponse, c: CheckContext & { spec: RequestSpec }): void | Promise<void>;
  /** Not in openapi.json (schema.hide, static files, WebSocket). */
  hidden?: true;
  /** Skip the check that no other role receives the owner's secrets (development tools only). */
  noLeakCheck?: true;
  /** The blocked member may see the owner's profile card here (their own old conversation). */
  blockedSeesOwner?: true;
  /**
   * A successful call of a visitor, the non-party or the blocked member may change the owner's data
   * here (a message to them, a block that hides their conversation, the payer's choice on the test
   * checkout); elsewhere it must not.
   */
  changesOwner?: true;
}

const ok: Outcome = { status: 200 };
const authRequired: Outcome = { status: 403, error: 'authentication_required' };
const notFound: Outcome = { status: 404, error: 'not_found' };
const fail = (status: number, error: string): Outcome => ({ status, error });

/** Every role gets `outcome` unless overridden. */
function anyone(outcome: Outcome = ok, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> {
  return { visitor: outcome, nonParty: outcome, blocked: outcome, free: outcome, premium: outcome, ...overrides };
}

/** Visitors get 403 authentication_required; members `outcome` unless overridden. */
function members(overrides: Partial<Record<MemberRole, Outcome>> = {}, outcome: Outcome = ok): Record<Role, Outcome> {
  return { ...anyone(outcome), visitor: authRequired, ...overrides };
}

/** Whether the role acts on its own resources (free, premium) rather than on the owner's. */
const isOwner = (role: Role) => role === 'free' || role === 'premium';
/** A short unique text. */
const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
/** The acting member (the builder of a visitor request must not call this). */
const me = (c: CheckContext): MemberRef => {
  if (!c.actor) throw new Error(`${c.role} has no session`);
  return c.actor;
};
/** The label of a soft assertion: the role. */
const label = (c: CheckContext) => c.role;
/** A photo as the API shows it to a viewer. */
type WirePhoto = { is_private: boolean; locked: boolean; filename: string | null; thumb_filename: string | null };

/**
 * A verification attempt of profile `profileId` (issue: verified members): waiting for its selfie,
 * or, given `selfie` (a stored file's name), waiting for review with it. Returns its id.
 */
async function verificationAttempt(db: Db, profileId: number, selfie?: string): Promise<number> {
  const now = new Date();
  const [row] = await db
    .insert(faceVerifications)
    .values({
      profile_id: profileId,
      pose: 'thumbs_up',
      expires_at: new Date(now.getTime() + 10 * 60_000),
      ...(selfie ? { status: 'awaiting_review', selfie_filename: selfie, submitted_at: now } : {}),
    })
    .returning({ id: faceVerifications.id });
  return row?.id ?? 0;
}

/** A photo row (or undefined when gone). */
async function photoRow(db: Db, id: number) {
  return (await db.select().from(photos).where(eq(photos.id, id)))[0];
}

/** A browser push subscription with a real P-256 key, at a push service host the server accepts. */
function pushSubscription(id: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** A payment row. */
async function paymentRow(db: Db, id: number) {
  return (await db.select().from(payments).where(eq(payments.id, id)))[0];
}

/** Whether `json` holds a profile card (MemberCard: `id`, `name`, `fictional`) of `profileId` anywhere. */
export function holdsProfileCard(json: unknown, profileId: number): boolean {
  if (Array.isArray(json)) return json.some((v) => holdsProfileCard(v, profileId));
  if (!json || typeof json !== 'object') return false;
  const o = json as Record<string, unknown>;
  if (o.id === profileId && typeof o.name === 'string' && typeof o.fictional === 'boolean') return true;
  return Object.values(o).some((v) => holdsProfileCard(v, profileId));
}

const directDebitForm = (w: World) => ({
  package: w.packageId,
  account_holder: 'A. de Lid',
  iban: 'NL91ABNA0417164300',
  street: 'Kerkstraat',
  house_number: '1',
  zip: '3511 AB',
  city: 'Utrecht',
  phone: w.freshPhone(),
});

/** A passkey answer to a challenge the server never made (it fails before any key is read). */
function fakePasskeyAnswer() {
  const clientData = { type: 'webauthn.get', challenge: unique('challenge'), origin: 'https://evil.example' };
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: {
      clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString('base64url'),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
    clientExtensionResults: {},
  };
}

/** The member site's operations: `METHOD path` → rule, expected answer per role, request per role. */
const MEMBER_MATRIX: Record<string, MatrixEntry> = {
  // Site: public reads.
  'GET /api/settings.php': { rule: 'public', expect: anyone(), request: () => ({ query: { route: '/' } }) },
  'GET /api/companyinfo.php': { rule: 'public', expect: anyone(), request: () => ({}) },
  'GET /api/interests.php': { rule: 'public', expect: anyone(), request: () => ({}) },
  'GET /api/regions.php': { rule: 'public', expect: anyone(), request: () => ({}) },
  'GET /api/geocode.php': { rule: 'public', expect: anyone(), request: () => ({ query: { lat: 52.37, lon: 4.89 } }) },
  'GET /api/openapi.json': { rule: 'public (hidden itself)', expect: anyone(), request: () => ({}), hidden: true },

  // Session.
  'POST /api/user.php': {
    rule: 'anyone may log in, only with the account password: a wrong one for the owner is 401 login_failed',
    expect: anyone(ok, {
      visitor: fail(401, 'login_failed'),
      nonParty: fail(401, 'login_failed'),
      blocked: fail(401, 'login_failed'),
    }),
    request: (c) =>
      isOwner(c.role)
        ? { body: { email: me(c).email, password: me(c).password } }
        : { body: { email: c.t.owner.email, password: 'not-the-password-1' } },
    check: (res, c) => expect.soft(res.json.id, label(c)).toBe(me(c).userId),
  },
  'GET /api/user.php': {
    rule: 'members only; the own account',
    expect: members(),
    request: () => ({}),
    check: (res, c) => expect.soft(res.json.id, label(c)).toBe(me(c).userId),
  },
  'PUT /api/user.php': { rule: 'members only', expect: members(), request: () => ({ body: { language: 'nl' } }) },
  'GET /api/logout.php': {
    rule: 'anyone; ends only the session that sent it',
    expect: anyone(),
    request: async (c) => (c.actor ? { sid: await c.w.freshSession(c.actor) } : {}),
    check: async (_res, c) => {
      if (!c.spec.sid) return;
      const after = await c.w.request('GET', '/api/user.php', c.spec.sid);
      expect.soft(after.status, `${label(c)}: the logged-out session still works`).toBe(403);
      const own = await c.w.request('GET', '/api/user.php', me(c).sid);
      expect.soft(own.status, `${label(c)}: another session of the member ended too`).toBe(200);
    },
  },

  // Members.
  'GET /api/search.php': {
    rule: 'visitors as the site allows (this one: all); never a profile blocked either way',
    expect: anyone(),
    request: () => ({ query: { per_page: 60 } }),
  },
  'GET /api/profile.php': {
    rule: 'public; 404 for a member the owner blocked; private photos locked below premium',
    expect: anyone(ok, { blocked: notFound }),
    request: (c) => ({ query: { id: c.role === 'premium' ? me(c).profileId : c.w.member('premium').profileId } }),
    check: (res, c) => {
      if (c.role === 'premium' || c.role === 'blocked') return;
      const privates = (res.json.profile.photos as WirePhoto[]).filter((p) => p.is_private);
      expect.soft(privates.length, `${label(c)}: the private photo is listed (locked)`).toBeGreaterThan(0);
      expect
        .soft(
          privates.every((p) => p.locked && p.filename === null && p.thumb_filename === null),
          label(c),
        )
        .toBe(true);
    },
  },
  'PUT /api/profile.php': {
    rule: 'members only; the own profile',
    expect: members(),
    request: (c) => ({ body: { description: `Authz matrix ${c.role}` } }),
    check: (res, c) => expect.soft(res.json.id, label(c)).toBe(me(c).profileId),
  },

  // Access: signup, tokens, password, mail, deletion, export.
  'POST /api/signup.php': {
    rule: "anyone may sign up a new address; another member's address is 409 email_taken",
    expect: anyone(ok, { nonParty: fail(409, 'email_taken'), blocked: fail(409, 'email_taken') }),
    request: (c) => ({
      body: {
        email: c.role === 'nonParty' || c.role === 'blocked' ? c.t.owner.email : `${unique('signup')}@example.com`,
        name: 'Nieuw Lid',
        password: 'Unguessable-Horse-Battery-42',
        date_of_birth: '1990-05-01',
        gender: 'male',
      },
    }),
    check: (res, c) => {
      expect.soft(res.json.email, label(c)).toBe((c.spec.body as { email: string }).email);
      expect.soft(res.json.id, label(c)).not.toBe(c.actor?.userId);
    },
  },
  'POST /api/activate.php': {
    rule: 'anyone with the emailed token; an unknown token is 400 activation_failed',
    expect: anyone(fail(400, 'activation_failed')),
    request: () => ({ body: { token: randomBytes(24).toString('hex') } }),
  },
  'POST /api/activation-resend.php': {
    rule: 'members only; confirmed members get 400 activation_failed',
    expect: members({}, fail(400, 'activation_failed')),
    request: () => ({}),
  },
  'POST /api/password-reset.php': {
    rule: 'anyone; mails the link only to the address owner (no session needed, nothing answered about the account)',
    expect: anyone(),
    request: (c) => ({
      body: { email: c.role === 'visitor' ? c.w.spareEmail : isOwner(c.role) ? me(c).email : c.t.owner.email },
    }),
  },
  'POST /api/password-reset-do.php': {
    rule: 'anyone with the emailed token; an unknown token is 400 reset_link_invalid',
    expect: anyone(fail(400, 'reset_link_invalid')),
    request: () => ({
      body: { token: randomBytes(24).toString('hex'), password: 'New-Horse-77-x', password_repeat: 'New-Horse-77-x' },
    }),
  },
  'POST /api/password.php': {
    rule: 'members only; the own password (keeps the calling session)',
    expect: members(),
    request: (c) => {
      const password = c.actor?.password ?? 'Some-Password-12';
      return { body: { old_password: password, password, password_repeat: password } };
    },
    check: async (_res, c) => {
      const own = await c.w.request('GET', '/api/user.php', me(c).sid);
      expect.soft(own.status, `${label(c)}: the calling session ended`).toBe(200);
    },
  },
  'POST /api/mail-change.php': {
    rule: "members only; the own address; another member's address is 409 email_taken",
    expect: members({ nonParty: fail(409, 'email_taken'), blocked: fail(409, 'email_taken') }),
    request: (c) => ({
      body: {
        email: isOwner(c.role) ? `${unique('new')}@example.com` : c.t.owner.email,
        password: c.actor?.password ?? 'x',
      },
    }),
  },
  'POST /api/mail-change-do.php': {
    rule: 'anyone with the emailed token; an unknown token is 400 reset_link_invalid',
    expect: anyone(fail(400, 'reset_link_invalid')),
    request: () => ({ body: { token: randomBytes(24).toString('hex') } }),
  },
  'GET /api/account-delete.php': { rule: 'members only', expect: members(), request: () => ({}) },
  'POST /api/account-delete.php': {
    rule: 'members only; the own account with its password (free and premium: a twin account; others a wrong password)',
    expect: members({ nonParty: fail(400, 'wrong_old_password'), blocked: fail(400, 'wrong_old_password') }),
    request: async (c) => {
      if (!isOwner(c.role)) return { body: { password: 'not-the-password-2' } };
      const twin = await c.w.twin(c.role as MemberRole);
      return { sid: twin.sid, body: { password: twin.password }, memo: { userId: twin.userId } };
    },
    check: async (_res, c) => {
      const [row] = await c.w.db
        .select()
        .from(users)
        .where(eq(users.id, Number(c.spec.memo?.userId)));
      expect.soft(row?.status, label(c)).toBe('pending_deletion');
    },
  },
  'POST /api/reactivate.php': {
    rule: 'anyone with the emailed token; an unknown token is 400 reset_link_invalid',
    expect: anyone(fail(400, 'reset_link_invalid')),
    request: () => ({ body: { token: randomBytes(24).toString('hex') } }),
  },
  'GET /api/export.php': {
    rule: "members only; the own data (never the owner's, see the leak check)",
    expect: members(),
    request: () => ({}),
    check: (res, c) => expect.soft(JSON.stringify(res.json), label(c)).toContain(me(c).email),
  },
  'POST /api/page-hidden.php': {
    rule: 'anyone, without the client header (navigator.sendBeacon); adds a page-view row only',
    expect: anyone({ status: 204 }),
    request: () => ({ clientHeader: false, body: { path: '/members', seconds_visible: 3 } }),
  },

  // Own profile and photos.
  'GET /api/photos.php': { rule: 'members only; the own photos', expect: members(), request: () => ({}) },
  'POST /api/photos.php': {
    rule: 'members only; adds to the own profile',
    expect: members(),
    request: (c) => ({ multipart: { fields: { is_private: 'false' }, file: c.w.jpeg } }),
    check: async (res, c) =>
      expect.soft((await photoRow(c.w.db, res.json.id))?.profile_id, label(c)).toBe(me(c).profileId),
  },
  'PUT /api/photos.php': {
    rule: "members only; an own photo; another member's is 404 not_found",
    expect: members({ nonParty: notFound, blocked: notFound }),
    // The free member's only photo is the main one, which cannot become private.
    request: (c) => ({ body: { photo: c.t.photo, is_private: c.role !== 'free' } }),
  },
  'DELETE /api/photos.php': {
    rule: "members only; an own photo; another member's is 404 not_found",
    expect: members({ nonParty: notFound, blocked: notFound }),
    request: async (c) => {
      const photo = await c.w.freshPhoto(c.t.owner);
      return { body: { photo }, memo: { photo } };
    },
    check: async (_res, c) =>
      expect.soft(await photoRow(c.w.db, Number(c.spec.memo?.photo)), `${label(c)}: photo still there`).toBeUndefined(),
  },
  'GET /api/private-photo.php': {
    rule: 'owner and premium members not blocked either way; free 403 premium_required; blocked 404',
    expect: members({
      nonParty: fail(403, 'premium_required'),
      free: fail(403, 'premium_required'),
      blocked: notFound,
    }),
    request: (c) => ({ query: { photo: c.w.target('premium').privatePhoto, size: 'thumb' } }),
    check: (res, c) => expect.soft(String(res.headers['content-type']), label(c)).toMatch(/^image\//),
  },
  'GET /photos/*': {
    rule: 'public photo files by unguessable name; private files never (they are under /api/private-photo.php)',
    expect: anyone(),
    hidden: true,
    request: async (c) => {
      const [row] = await c.w.db
        .select()
        .from(photos)
        .where(
          and(eq(photos.profile_id, c.t.owner.profileId), eq(photos.is_private, false), eq(photos.status, 'approved')),
        )
        .orderBy(photos.id);
      return { path: `/photos/${row?.filename}` };
    },
    check: async (_res, c) => {
      const row = await photoRow(c.w.db, c.w.target('premium').privatePhoto);
      for (const name of [row?.filename, row?.thumb_filename]) {
        const res = await c.w.request('GET', `/photos/${name}`, c.actor?.sid ?? null);
        expect.soft(res.status, `${label(c)}: private file /photos/${name} is served`).toBe(404);
      }
    },
  },

  // Discovery: likes, matches, swipe game, match finder, icebreakers, blocking.
  'POST /api/like.php': {
    rule: 'members only; a blocked member cannot reach the blocker (404 not_found)',
    expect: members({ blocked: notFound }),
    request: async (c) => ({ body: { profile: isOwner(c.role) ? await c.w.freshProfile() : c.t.owner.profileId } }),
  },
  'DELETE /api/like.php': {
    rule: 'members only; removes only the own like (harmless for a blocked member: their own row)',
    expect: members(),
    request: async (c) => ({ body: { profile: isOwner(c.role) ? await c.w.freshProfile() : c.t.owner.profileId } }),
  },
  'GET /api/likes.php': { rule: 'members only; the own likes', expect: members(), request: () => ({}) },
  'POST /api/likes-seen.php': {
    rule: 'members only; clears only likes the member received',
    expect: members(),
    request: (c) => ({ body: { profile: c.t.profile } }),
  },
  'GET /api/matches.php': { rule: 'members only', expect: members(), request: () => ({ query: { unseen: '0' } }) },
  'POST /api/matches-seen.php': {
    rule: 'members only; marks only the own side',
    expect: members(),
    request: (c) => ({ body: { profile: c.t.profile } }),
  },
  'GET /api/auto-like.php': {
    rule: 'members only; never a real member made up',
    expect: members(),
    request: () => ({}),
  },
  'GET /api/swipe-game.php': { rule: 'members only', expect: members(), request: () => ({}) },
  'POST /api/swipe-game.php': {
    rule: 'members only; a blocked member cannot reach the blocker (404 not_found)',
    expect: members({ blocked: notFound }),
    request: async (c) => ({
      body: {
        profile: isOwner(c.role) ? await c.w.freshProfile() : c.t.owner.profileId,
        action: c.role === 'nonParty' ? 'pass' : 'like',
      },
    }),
  },
  'GET /api/match-finder.php': { rule: 'members only', expect: members(), request: () => ({}) },
  'PUT /api/match-finder.php': {
    rule: 'members only; the own preferences',
    expect: members(),
    request: () => ({
      body: { genders: ['female', 'male'], min_age: MINIMUM_AGE, max_age: MAXIMUM_AGE, distance: null, interests: [] },
    }),
  },
  'GET /api/icebreakers.php': {
    rule: 'members only; a blocked member cannot reach the blocker (404 not_found)',
    expect: members({ blocked: notFound }),
    request: (c) => ({ query: { profile: c.t.profile } }),
  },
  'POST /api/block.php': {
    rule: 'members only; blocks from the own side (a blocked member may block back; the conversation hides for both)',
    expect: members(),
    changesOwner: true,
    request: async (c) => {
      const profile = isOwner(c.role) ? await c.w.freshProfile() : c.t.owner.profileId;
      const actor = c.actor;
      // The non-party's and the blocked member's block of the owner is lifted again for the later rows.
      if (!actor || isOwner(c.role)) return { body: { profile } };
      const cleanup = async () => {
        await c.w.db
          .delete(blocks)
          .where(and(eq(blocks.blocker_profile_id, actor.profileId), eq(blocks.blocked_profile_id, profile)));
      };
      return { body: { profile }, cleanup };
    },
  },
  'DELETE /api/block.php': {
    rule: "members only; lifts only the own block (the owner's block of the blocked member stays)",
    expect: members(),
    request: async (c) => {
      if (!isOwner(c.role)) return { body: { profile: c.t.owner.profileId } };
      const profile = await c.w.freshProfile();
      await c.w.db.insert(blocks).values({ blocker_profile_id: me(c).profileId, blocked_profile_id: profile });
      return { body: { profile } };
    },
  },

  'POST /api/report.php': {
    rule: 'members only; reports a profile the member can see (the blocker is not one: 404 not_found); changes nothing of the reported member',
    expect: members({ blocked: notFound }),
    // The owners report their chat partner; the others the owner. No `block`: it would hide conversations later rows use.
    request: (c) => ({
      body: {
        profile_id: isOwner(c.role) ? c.t.profile : c.t.owner.profileId,
        reason: 'spam',
        text: unique('authz matrix report'),
      },
    }),
    check: async (res, c) => {
      expect.soft(res.json.blocked, label(c)).toBe(false);
      const body = c.spec.body as { profile_id: number; text: string };
      const filed = await c.w.db
        .select({ reporter: reports.reporter_user_id })
        .from(reports)
        .where(and(eq(reports.reported_profile_id, body.profile_id), eq(reports.text, body.text)));
      expect.soft(filed, `${label(c)}: the report is filed under the reporter`).toEqual([{ reporter: me(c).userId }]);
    },
  },

  // Chat.
  'GET /api/chats.php': {
    rule: 'members only; the own list (hidden conversations left out)',
    expect: members(),
    request: () => ({}),
    check: (res, c) => {
      // biome-ignore lint/suspicious/noExplicitAny: wire shape
      const ids = res.json.map((e: any) => e.conversation.id);
      const owner = c.w.target('premium').conversation;
      if (c.role === 'nonParty' || c.role === 'blocked') expect.soft(ids, label(c)).not.toContain(owner);
      if (c.role === 'blocked') expect.soft(ids, `${label(c)}: hidden conversation`).not.toContain(c.t.conversation);
      if (isOwner(c.role)) expect.soft(ids, label(c)).toContain(c.t.conversation);
    },
  },
  'GET /api/chat.php': {
    rule: "members only; own conversations; another's is 404; the blocked member's own old one shows no history",
    expect: members({ nonParty: notFound }),
    blockedSeesOwner: true,
    request: (c) => ({ query: { conversation: c.t.conversation } }),
    check: (res, c) => {
      expect.soft(res.json.conversation, label(c)).toBe(c.t.conversation);
      if (isOwner(c.role)) expect.soft(res.json.messages.length, label(c)).toBeGreaterThan(0);
      if (c.role === 'blocked') {
        expect.soft(res.json.messages, `${label(c)}: history before the block`).toEqual([]);
        expect.soft(res.json.refusal, label(c)).toBe('blocked');
      }
    },
  },
  'DELETE /api/chat.php': {
    rule: "members only; own conversations; another's is 404 not_found",
    expect: members({ nonParty: notFound }),
    request: async (c) => ({
      body: { conversation: isOwner(c.role) ? await c.w.freshConversation(me(c)) : c.t.conversation },
    }),
  },
  'POST /api/chat-read.php': {
    rule: "members only; own conversations; another's is 404 not_found",
    expect: members({ nonParty: notFound }),
    request: (c) => ({ body: { conversation: c.t.conversation } }),
  },
  'POST /api/chat-explicit-photos.php': {
    rule: "members only; own conversations, this side's choice only; another's is 404 not_found",
    expect: members({ nonParty: notFound }),
    request: (c) => ({ body: { conversation: c.t.conversation, show: false } }),
  },
  'POST /api/message.php': {
    changesOwner: true,
    rule: 'members only; 403 blocked towards the blocker; free members 403 premium_required past 2 conversations; client_id is per sender',
    expect: members({ free: fail(403, 'premium_required'), blocked: fail(403, 'blocked') }),
    request: async (c) => {
      // Letters only: a run of random digits would read as a phone number the sender must confirm.
      const text = unique('hallo').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] ?? 'g');
      if (c.role === 'free') return { body: { profile: await c.w.freshProfile(), text, client_id: randomUUID() } };
      // The non-party reuses the owner's client_id: it must not get the owner's message back.
      const clientId = c.role === 'nonParty' ? c.t.message.clientId : randomUUID();
      return { body: { profile: c.t.profile, text, client_id: clientId } };
    },
    check: (res, c) => {
      expect.soft(res.json.message.sender, label(c)).toBe(me(c).profileId);
      expect.soft(res.json.message.body, label(c)).toBe((c.spec.body as { text: string }).text);
      expect.soft(res.json.message.id, label(c)).not.toBe(c.t.message.id);
    },
  },
  'POST /api/chat-photo.php': {
    changesOwner: true,
    rule: 'members only; 403 blocked towards the blocker',
    expect: members({ blocked: fail(403, 'blocked') }),
    request: (c) => ({
      multipart: { fields: { profile: String(c.t.profile), client_id: randomUUID() }, file: c.w.jpeg },
    }),
  },
  'GET /api/gifts.php': { rule: 'members only', expect: members(), request: () => ({}) },

  // Money.
  'GET /api/credits.php': {
    rule: 'public; discount and last order are the own (null for visitors)',
    expect: anyone(),
    request: () => ({}),
    check: (res, c) => {
      if (c.role === 'premium') expect.soft(res.json.last_order, label(c)).toMatchObject({ package: c.w.packageId });
      else expect.soft(res.json.last_order, label(c)).toBeNull();
      if (c.role === 'visitor') expect.soft(res.json.discount, label(c)).toBeNull();
    },
  },
  'POST /api/payment.php': {
    rule: 'members only; a repeat order is for premium members (free: 403 premium_required)',
    expect: members({ free: fail(403, 'premium_required') }),
    request: (c) => ({
      body: isOwner(c.role)
        ? { package: c.w.packageId, method: 'ideal', repeat: true }
        : { package: c.w.packageId, method: 'ideal' },
    }),
    check: async (res, c) =>
      expect.soft((await paymentRow(c.w.db, res.json.payment.payment_id))?.user_id, label(c)).toBe(me(c).userId),
  },
  'GET /api/payment.php': {
    rule: "members only; own payments; another's is 404 not_found",
    expect: members({ nonParty: notFound, blocked: notFound }),
    request: (c) => ({ query: { payment_id: c.t.payment } }),
    check: (res, c) => expect.soft(res.json.payment_id, label(c)).toBe(c.t.payment),
  },
  'POST /api/payment-webhook.php': {
    rule: 'anyone, no client header (the provider); trusts nothing in the call: the state is fetched back',
    expect: anyone(),
    request: (c) => ({
      clientHeader: false,
      form: { id: c.w.openPayment.providerId, status: 'paid', amount: '19.95' },
    }),
    check: async (_res, c) => {
      expect.soft((await paymentRow(c.w.db, c.w.openPayment.id))?.status, label(c)).toBe('open');
      const credited = await c.w.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.reference, `payment:${c.w.openPayment.id}`));
      expect.soft(credited, label(c)).toEqual([]);
    },
  },
  'GET /api/discountcode.php': {
    rule: "checking a code needs a session; another member's personal code is 404 discount_not_found",
    expect: members({ nonParty: fail(404, 'discount_not_found'), blocked: fail(404, 'discount_not_found') }),
    request: (c) => ({ query: { code: c.t.discountCode } }),
    check: (res, c) => expect.soft(res.json.code, label(c)).toBe(c.t.discountCode),
  },
  'GET /api/time-bonus.php': {
    rule: 'public; null for visitors',
    expect: anyone(),
    request: () => ({}),
    check: (res, c) => {
      if (c.role === 'visitor') expect.soft(res.json.time_bonus, label(c)).toBeNull();
    },
  },
  'GET /api/transactions.php': {
    rule: 'members only; own ledger and payments',
    expect: members(),
    request: () => ({}),
    check: (res, c) => {
      // biome-ignore lint/suspicious/noExplicitAny: wire shape
      const ids = res.json.payments.map((p: any) => p.payment_id);
      const owners = c.w.target('premium').payment;
      if (c.role === 'premium') expect.soft(ids, label(c)).toContain(owners);
      else expect.soft(ids, label(c)).not.toContain(owners);
    },
  },
  'GET /api/invoice.php': {
    rule: "members only; own paid payments; another's (or unpaid) is 404 not_found",
    expect: members({ nonParty: notFound, blocked: notFound, free: notFound }),
    request: (c) => ({ query: { payment_id: c.t.payment } }),
    check: (res, c) => expect.soft(res.json.customer.email, label(c)).toBe(me(c).email),
  },
  'GET /api/complaints.php': { rule: 'members only; own complaints', expect: members(), request: () => ({}) },
  'POST /api/complaints.php': {
    rule: "members only; about an own payment; another's payment is 400 validation_failed",
    expect: members({ nonParty: fail(400, 'validation_failed'), blocked: fail(400, 'validation_failed') }),
    request: (c) => ({
      body: { topic: 'payment', text: 'Ik heb een vraag over deze betaling.', payment_id: c.t.payment },
    }),
  },
  'GET /api/directdebit.php': {
    rule: 'members only; the own last confirmed mandate',
    expect: members(),
    request: () => ({}),
    check: (res, c) => {
      if (c.role !== 'premium') expect.soft(res.json.mandate, label(c)).toBeNull();
    },
  },
  'POST /api/directdebit.php': {
    rule: 'members only; a mandate of the own account',
    expect: members(),
    request: (c) => ({ body: directDebitForm(c.w) }),
  },
  'POST /api/directdebit-confirm.php': {
    rule: "members only; the own mandate; another's is 404 not_found even with its right code",
    expect: members({ nonParty: notFound, blocked: notFound }),
    request: (c) => ({ body: { mandate: c.t.mandate.id, otp: c.t.mandate.code } }),
    check: async (res, c) => {
      const [row] = await c.w.db.select().from(directDebitMandates).where(eq(directDebitMandates.id, c.t.mandate.id));
      expect.soft(row?.payment_id, label(c)).toBe(res.json.payment.payment_id);
    },
  },

  // Hidden routes with their own rules.
  'GET /api/realtime': {
    rule: 'WebSocket: members stay connected, visitors are closed with 4401; typing reaches only the other party, never across a block',
    expect: anyone({ status: 101 }, { visitor: { status: 4401 } }),
    hidden: true,
    request: () => ({ websocket: true }),
    check: async (_res, c) => {
      const owner = c.w.member('premium');
      if (c.role === 'premium') {
        const reached = await c.w.typingReaches(owner.sid, c.t.conversation, [c.w.partnerSid]);
        expect.soft(reached, `${label(c)}: typing to the chat partner`).toBe(true);
      }
      if (c.role === 'nonParty' || c.role === 'blocked') {
        const reached = await c.w.typingReaches(me(c).sid, c.t.conversation, [owner.sid, c.w.partnerSid]);
        expect.soft(reached, `${label(c)}: typing into the owner's conversation`).toBe(false);
      }
    },
  },
  'GET /dev/outbox': {
    rule: 'development tool: served only outside production or with DEV_OUTBOX=1 (checked separately), then to anyone',
    expect: anyone(),
    hidden: true,
    noLeakCheck: true,
    request: () => ({}),
  },
  'GET /dev/outbox.json': {
    rule: 'development tool: as /dev/outbox',
    expect: anyone(),
    hidden: true,
    noLeakCheck: true,
    request: (c) => ({ query: { to: c.w.spareEmail } }),
  },
  'GET /test-provider/checkout/:id': {
    rule: 'the test provider page: anyone holding the unguessable link (only without MOLLIE_API_KEY)',
    expect: anyone(),
    hidden: true,
    request: (c) => ({ path: `/test-provider/checkout/${c.w.openPayment.providerId}` }),
  },
  'POST /test-provider/checkout/:id': {
    changesOwner: true,
    rule: 'the payer choice on the test provider page: anyone holding the link; the state then comes through the webhook',
    expect: anyone({ status: 303 }),
    hidden: true,
    request: async (c) => {
      const payment = await c.w.startPayment(c.w.member('premium'));
      return {
        path: `/test-provider/checkout/${payment.providerId}`,
        clientHeader: false,
        form: { outcome: 'canceled' },
        memo: { payment: payment.id },
      };
    },
    check: async (_res, c) =>
      expect.soft((await paymentRow(c.w.db, Number(c.spec.memo?.payment)))?.status, label(c)).toBe('canceled'),
  },
  'POST /api/user.php?push=1': {
    rule: "members only: attaches the browser's push subscription to the caller (never to another member)",
    expect: members(),
    request: () => ({ body: { subscription: pushSubscription(unique('matrix')) } }),
    check: async (res, c) => {
      if (res.status !== 200) return;
      const endpoint = (c.spec.body as { subscription: { endpoint: string } }).subscription.endpoint;
      const [row] = await c.w.db.select().from(push_subscriptions).where(eq(push_subscriptions.endpoint, endpoint));
      expect.soft(row?.user_id, label(c)).toBe(me(c).userId);
    },
  },
  'DELETE /api/push.php': {
    rule: "members only: removes the caller's own subscription of that endpoint (another member's stays)",
    expect: members(),
    request: () => ({ body: { endpoint: `https://fcm.googleapis.com/fcm/send/${unique('none')}` } }),
  },
  'GET /api/notification-settings.php': {
    rule: 'members only: the own settings',
    expect: members(),
    request: () => ({}),
  },
  'PUT /api/notification-settings.php': {
    rule: 'members only: the own settings',
    expect: members(),
    request: () => ({ body: { mail: { digest: true } } }),
  },
  // Verified members (issue: verified members): the own attempts and selfie only.
  'GET /api/verification.php': { rule: 'members only: the own verification', expect: members(), request: () => ({}) },
  'POST /api/verification.php': {
    rule: 'members only; 400 verification_needs_photo without an approved public main image',
    expect: members({
      nonParty: fail(400, 'verification_needs_photo'),
      blocked: fail(400, 'verification_needs_photo'),
    }),
    request: () => ({ body: {} }),
  },
  'POST /api/verification-selfie.php': {
    changesOwner: true,
    rule: "members only; an attempt of the own profile; another member's is 404",
    expect: members({ nonParty: notFound, blocked: notFound }),
    request: async (c) => ({
      multipart: {
        fields: { attempt: String(await verificationAttempt(c.w.db, c.t.owner.profileId)) },
        file: c.w.jpeg,
      },
    }),
  },
  'GET /api/verification-selfie.php': {
    rule: "members only; the own selfie; another member's is 404",
    expect: members({ nonParty: notFound, blocked: notFound }),
    request: async (c) => {
      const [photo] = await c.w.db.select().from(photos).where(eq(photos.id, c.t.photo));
      return { query: { attempt: await verificationAttempt(c.w.db, c.t.owner.profileId, photo?.filename) } };
    },
    check: (res, c) => expect.soft(String(res.headers['content-type']), label(c)).toMatch(/^image\//),
  },
  // Passkeys (issue: passkeys): a made-up answer never verifies, for any role.
  'POST /api/passkey-register-options.php': {
    rule: 'members only: options for the own account',
    expect: members(),
    request: () => ({}),
  },
  'POST /api/passkey-register.php': {
    rule: 'members only; an answer to no challenge of theirs is 400 passkey_failed',
    expect: members({}, fail(400, 'passkey_failed')),
    request: () => ({ body: { name: 'x', credential: fakePasskeyAnswer() } }),
  },
  'GET /api/passkeys.php': { rule: 'members only: the own passkeys', expect: members(), request: () => ({}) },
  'DELETE /api/passkeys.php': {
    rule: "members only: the own passkeys; another's id is 404",
    expect: members({}, notFound),
    request: () => ({ body: { id: 2_000_000_000 } }),
  },
  'POST /api/passkey-offer.php': { rule: 'members only: the own offer', expect: members(), request: () => ({}) },
  'POST /api/passkey-login-options.php': {
    rule: "anyone: the site's login options",
    expect: anyone(),
    request: () => ({}),
  },
  'POST /api/passkey-login.php': {
    rule: 'anyone may try; an answer to no challenge is 400 passkey_failed',
    expect: anyone(fail(400, 'passkey_failed')),
    request: () => ({ body: { credential: fakePasskeyAnswer() } }),
  },
  'GET /api/unsubscribe.php': {
    rule: 'anyone holding the signed link (no login); a wrong token is 404 for every role',
    expect: anyone(notFound),
    request: (c) => ({ query: { u: c.t.owner.userId, k: 'like', t: 'forged-token' } }),
  },
  'POST /api/unsubscribe.php': {
    rule: 'anyone holding the signed link, no client header (RFC 8058 one-click); a wrong token is 404',
    expect: anyone(notFound),
    request: (c) => ({
      clientHeader: false,
      query: { u: c.t.owner.userId, k: 'all', t: 'forged-token' },
      form: { 'List-Unsubscribe': 'One-Click' },
    }),
  },
  'POST /api/mail-webhook.php': {
    rule: "the mail provider only: without the webhook secret 401 for every role (a visitor cannot turn anyone's mail off)",
    expect: anyone(fail(401, 'authentication_required')),
    request: (c) => ({ clientHeader: false, body: { type: 'bounce', email: c.t.owner.email } }),
  },
  'GET /manifest.webmanifest': {
    rule: "public: the site's web app manifest",
    expect: anyone(),
    hidden: true,
    request: () => ({}),
  },
  'GET /app-icon/:name': {
    rule: "public: the site's app icons",
    expect: anyone(),
    hidden: true,
    noLeakCheck: true,
    request: () => ({ path: '/app-icon/192.png' }),
  },
  'GET /favicon.svg': {
    rule: "public: the site's icon, drawn from the initial of its name (routes/favicon.ts)",
    expect: anyone(),
    hidden: true,
    request: () => ({}),
  },
  'GET /favicon.ico': {
    rule: 'public: the site icon as ICO',
    expect: anyone(),
    hidden: true,
    noLeakCheck: true,
    request: () => ({}),
  },
  'GET /apple-touch-icon.png': {
    rule: 'public: the site icon for home screens',
    expect: anyone(),
    hidden: true,
    noLeakCheck: true,
    request: () => ({}),
  },
  'GET /*': {
    rule: 'public: the pages (the public pages rendered on the server, else the member app; issue: public site)',
    expect: anyone(),
    hidden: true,
    request: () => ({ path: '/pages/terms' }),
  },
  'GET /robots.txt': {
    rule: "public: the site's robots.txt",
    expect: anyone(),
    hidden: true,
    request: () => ({}),
  },
  'GET /sitemap.xml': {
    rule: "public: the site's sitemap of its public pages",
    expect: anyone(),
    hidden: true,
    request: () => ({}),
  },
  'GET /healthz': { rule: 'operations: alive', expect: anyone(), hidden: true, request: () => ({}) },
  'GET /readyz': { rule: 'operations: ready to serve', expect: anyone(), hidden: true, request: () => ({}) },
  'GET /metrics': {
    rule: 'operations: Prometheus metrics, to loopback and private addresses without METRICS_TOKEN (the tests call from 127.0.0.1)',
    expect: anyone(),
    hidden: true,
    request: () => ({}),
  },
};

/**
 * Values for the fields of a back-office call's body or query, aimed at the owner's things, so a
 * member's request names real rows of the owner (it is refused before anything reads them).
 */
const ADMIN_FIELD_VALUES: Record<string, (c: CheckContext) => unknown> = {
  id: (c) => c.t.owner.userId,
  user_id: (c) => c.t.owner.userId,
  member_user_id: (c) => c.t.owner.userId,
  profile_id: (c) => c.t.owner.profileId,
  payment_id: (c) => c.t.payment,
  photo_id: (c) => c.t.photo,
  conversation_id: (c) => c.t.conversation,
  email: (c) => c.t.owner.email,
  site_id: (c) => c.w.siteId,
};

/** The fields of an object schema (zod: `.shape`) that ADMIN_FIELD_VALUES knows, with their values. */
function adminSample(schema: Call['body'], c: CheckContext): Record<string, unknown> {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return Object.fromEntries(
    Object.keys(shape)
      .filter((key) => key in ADMIN_FIELD_VALUES)
      .map((key) => [key, ADMIN_FIELD_VALUES[key]?.(c)]),
  );
}

/** A request of a back-office call as a member would send it: its known fields aimed at the owner. */
function adminRequest(call: Call, c: CheckContext): RequestSpec {
  const query = adminSample(call.query, c) as Record<string, string | number>;
  return {
    ...(Object.keys(query).length > 0 && { query }),
    ...(call.method !== 'GET' && { body: adminSample(call.body, c) }),
  };
}

/** The back-office calls open without a full staff session (`staff: 'login'`), written out. */
const ADMIN_OPEN: Record<string, MatrixEntry> = {
  'POST /api/admin/login.php': {
    rule: "back office: anyone may try; a member's own credentials or a wrong password are 401 login_failed (staff are not members)",
    expect: anyone(fail(401, 'login_failed')),
    request: (c) =>
      isOwner(c.role)
        ? { body: { email: me(c).email, password: me(c).password } }
        : { body: { email: c.t.owner.email, password: 'not-the-password-1' } },
  },
  'POST /api/admin/logout.php': {
    rule: "back office: anyone; without a staff session it ends nothing (a member's session stays)",
    expect: anyone(),
    request: () => ({}),
    check: async (res, c) => {
      expect.soft(res.json, label(c)).toEqual({ ok: true });
      if (!c.actor) return;
      const own = await c.w.request('GET', '/api/user.php', c.actor.sid);
      expect.soft(own.status, `${label(c)}: the member's session ended`).toBe(200);
    },
  },
};

/**
 * The row of a back-office call that needs a staff session (`second_factor` or `signed_in`): the
 * request context refuses every member role before validation, as no member session is a staff
 * session (docs/decisions/010-back-office.md).
 */
function staffOnly(call: Call): MatrixEntry {
  return {
    rule: `back office (staff: ${call.staff}): no member session is a staff session, 403 authentication_required`,
    expect: anyone(authRequired),
    ...(call.hidden && { hidden: true as const }),
    request: (c) => adminRequest(call, c),
  };
}

/**
 * Every back-office operation (/api/admin/*), generated from the contracts (`ALL_CALLS` with a
 * `staff` gate), so a call added later has its row without an edit here. Calls open without a staff
 * session need their own row in ADMIN_OPEN; a new one would be refused here and fail the matrix.
 */
export const ADMIN_MATRIX: Record<string, MatrixEntry> = Object.fromEntries(
  ALL_CALLS.filter((call) => call.staff !== undefined).map((call) => {
    const op = callOperation(call);
    return [op, ADMIN_OPEN[op] ?? staffOnly(call)];
  }),
);

/** The matrix: `METHOD path` → rule, expected answer per role, request per role; member site and back office. */
export const MATRIX: Record<string, MatrixEntry> = { ...MEMBER_MATRIX, ...ADMIN_MATRIX };

/** Calls outside /api/ and the two provider/beacon calls do not need the client header. */
const HEADER_EXEMPT = new Set([
  'POST /api/payment-webhook.php',
  'POST /api/unsubscribe.php',
  'POST /api/mail-webhook.php',
  'POST /api/page-hidden.php',
  'POST /test-provider/checkout/:id',
]);

/**
 * Operations that change state and so must refuse a call without `x-request-type: client` with
 * 403 client_header_required (docs/decisions/002-client-request-header.md): every non-GET call of
 * /api except the webhook and the beacon, plus GET /api/logout.php.
 */
export const CLIENT_HEADER_OPERATIONS = Object.keys(MATRIX).filter((op) => {
  if (HEADER_EXEMPT.has(op)) return false;
  return op === 'GET /api/logout.php' || !op.startsWith('GET ');
});

/** Documented and hidden operations of the matrix. */
export const DOCUMENTED_OPERATIONS = Object.keys(MATRIX).filter((op) => !MATRIX[op]?.hidden);
export const HIDDEN_OPERATIONS = Object.keys(MATRIX).filter((op) => MATRIX[op]?.hidden);

/**
 * Production builds of the app and what they serve to anyone: the development outbox (/dev/outbox
 * and /dev/outbox.json) only with DEV_OUTBOX=1, the test provider's checkout only without MOLLIE_API_KEY.
 */
export const PRODUCTION_VARIANTS = [
  { env: { NODE_ENV: 'production' }, outbox: 404, checkout: 200 },
  { env: { NODE_ENV: 'production', DEV_OUTBOX: '1' }, outbox: 200, checkout: 200 },
  { env: { NODE_ENV: 'production', MOLLIE_API_KEY: 'test_authzmatrixauthzmatrixauthzm' }, outbox: 404, checkout: 404 },
] as const;

/** The size of the matrix, for docs/security.md: routes × roles, plus the client-header and production checks. */
export const MATRIX_SUMMARY = {
  routes: Object.keys(MATRIX).length,
  documented: DOCUMENTED_OPERATIONS.length,
  hidden: HIDDEN_OPERATIONS.length,
  roles: ROLES.length,
  checks: Object.keys(MATRIX).length * ROLES.length,
  clientHeaderChecks: CLIENT_HEADER_OPERATIONS.length + 1,
  productionChecks: PRODUCTION_VARIANTS.length * 3,
};

/** One line to quote: "N routes × M roles = K checks". */
export function summaryLine(): string {
  const s = MATRIX_SUMMARY;
  return (
    `authorization matrix: ${s.routes} routes (${s.documented} in openapi.json, ${s.hidden} hidden) × ` +
    `${s.roles} roles = ${s.checks} checks, plus ${s.clientHeaderChecks} client-header/origin checks and ` +
    `${s.productionChecks} production-mode checks`
  );
}

/** `METHOD path` of every operation in an OpenAPI document (`{id}` written as Fastify's `:id`). */
export function openApiOperations(doc: { paths?: Record<string, Record<string, unknown>> }): string[] {
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'options'];
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => methods.includes(m))
      .map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
  );
}

/**
 * `METHOD path` of every route Fastify registered, from the tree of `app.printRoutes()` (each line
 * adds its segment to its parent's path). HEAD, which Fastify adds to every GET, is left out.
 */
export function registeredOperations(tree: string): string[] {
  const paths: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    // A route of the same path with a constraint (a query flag) is printed on a line of its own, under
    // the branch's text: `        api/user.php (POST) {"queryFlag":"push"}`.
    const branch = /^([│ ]*)[├└]── (.*)$/.exec(line) ?? /^([│ ]*)[│ ] {3}(\S.*\) \{.*\})$/.exec(line);
    if (!branch) continue;
    const depth = (branch[1] ?? '').length / 4;
    const [, segment = '', methods, constraints] =
      /^(.*?)(?: \(([A-Z, ]+)\))?(?: (\{.*\}))?$/.exec(branch[2] ?? '') ?? [];
    const path = (depth > 0 ? (paths[depth - 1] ?? '') : '') + segment;
    paths[depth] = path;
    paths.length = depth + 1;
    const flag = constraints ? (JSON.parse(constraints) as { queryFlag?: string }).queryFlag : undefined;
    const suffix = flag ? `?${flag}=1` : '';
    for (const method of methods?.split(', ') ?? []) if (method !== 'HEAD') out.push(`${method} ${path}${suffix}`);
  }
  return out;
}
