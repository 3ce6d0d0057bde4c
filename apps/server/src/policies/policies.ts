import { authenticationRequired, forbidden, notFound } from '../errors.js';
import type { Actor, StaffRole } from './actor.js';

/**
 * What a policy decides about: the few fields of a row that ownership and site turn on. Callers
 * build these from repository rows (`paymentResource(row)` etc. below) so a policy never reads the
 * database itself.
 */
export type Resource =
  | { type: 'payment'; siteId: number; userId: number }
  | { type: 'invoice'; siteId: number; userId: number }
  | { type: 'complaint'; siteId: number; userId: number }
  /** A member's account as staff see it (private data: e-mail, payments, ledger, notes, sanctions). */
  | { type: 'member'; siteId: number; userId: number }
  /** A member's credit balance: staff adjustments write a ledger entry. */
  | { type: 'ledger'; siteId: number; userId: number }
  | { type: 'report'; siteId: number }
  /**
   * A back-office account (`staffResource`): the sites it works on (`'all'`: every site) and its id
   * (null for one not made yet). Admins only, and only accounts whose sites are all within theirs.
   */
  | { type: 'staff'; staffId: number | null; siteIds: readonly number[] | 'all' }
  /** An audit entry: the site it concerns, null for none (staff accounts, the command line). */
  | { type: 'audit'; siteId: number | null }
  /** A site's settings, company, prices and shop (packages, gifts, discount codes): admins only. */
  | { type: 'site'; siteId: number }
  /** A fictional profile as staff manage it (persona note, niches): admins edit, operators read. */
  | { type: 'fictional'; siteId: number }
  /** The dashboard's figures of a site: admins only. */
  | { type: 'dashboard'; siteId: number }
  | { type: 'photo'; siteId: number; ownerUserId: number | null; isPrivate: boolean; approved: boolean }
  | { type: 'profile'; siteId: number; userId: number | null; active: boolean }
  /** `memberUserIds`: the members taking part (a fictional profile has none); `fictional` when one side is fictional. */
  | { type: 'conversation'; siteId: number; memberUserIds: readonly number[]; fictional: boolean }
  | { type: 'message'; siteId: number; memberUserIds: readonly number[]; fictional: boolean };

/**
 * What an actor may want to do with a resource. `moderate`: approve, reject, sanction; `revoke`:
 * reverse a sanction (admins only); `manage`: make or change a staff account.
 */
export type Action = 'view' | 'create' | 'update' | 'delete' | 'refund' | 'moderate' | 'revoke' | 'manage';
/** The kinds of resource. */
export type ResourceType = Resource['type'];

type StaffRule = Partial<Record<Resource['type'], readonly Action[]>>;

/** What each staff role may do on its own sites (DECISIONS.md back office; admin may do everything). */
const STAFF_RULES: Record<Exclude<StaffRole, 'admin'>, StaffRule> = {
  moderator: {
    member: ['view', 'update', 'moderate', 'delete'],
    profile: ['view', 'update', 'moderate'],
    photo: ['view', 'moderate', 'delete'],
    report: ['view', 'moderate'],
    complaint: ['view', 'update'],
    conversation: ['view'],
    message: ['view'],
  },
  // Operators answer fictional profiles' conversations; the rule below limits them to those.
  operator: {
    conversation: ['view', 'create'],
    message: ['view', 'create'],
    profile: ['view'],
    fictional: ['view'],
  },
  support: {
    // Support reads members and writes notes and activation mails (`update`); it never sanctions.
    member: ['view', 'update'],
    profile: ['view'],
    photo: ['view'],
    complaint: ['view', 'update'],
    payment: ['view'],
    invoice: ['view'],
  },
};

/**
 * Whether a staff role may do `action` on resources of `type` at all, on some site (the back office
 * shows or hides a whole area on this; `can` then decides per resource and site).
 */
export function roleMay(role: StaffRole, action: Action, type: ResourceType): boolean {
  if (role === 'admin') return true;
  return (STAFF_RULES[role][type] ?? []).includes(action);
}

/** Whether every site of `inner` is one of `outer`'s (`'all'`: every site, also those made later). */
export function sitesWithin(inner: readonly number[] | 'all', outer: readonly number[] | 'all'): boolean {
  if (outer === 'all') return true;
  if (inner === 'all') return false;
  return inner.every((id) => outer.includes(id));
}

/**
 * Staff accounts (issue: staff stay inside their sites): an admin sees and manages only accounts
 * whose sites are all within its own, so only staff of every site touch an account of every site;
 * nobody manages their own account here (role, sites and state are changed by another admin).
 */
function staffMayOnStaff(
  actor: Extract<Actor, { kind: 'staff' }>,
  action: Action,
  resource: Extract<Resource, { type: 'staff' }>,
): boolean {
  if (actor.role !== 'admin' || (action !== 'view' && action !== 'manage')) return false;
  if (!sitesWithin(resource.siteIds, actor.siteIds)) return false;
  return action === 'view' || resource.staffId !== actor.staffId;
}

function staffMay(actor: Extract<Actor, { kind: 'staff' }>, action: Action, resource: Resource): boolean {
  if (resource.type === 'staff') return staffMayOnStaff(actor, action, resource);
  // An entry without a site (staff accounts, the command line) is for staff of every site.
  if (resource.siteId === null) return actor.siteIds === 'all' && roleMay(actor.role, action, resource.type);
  if (actor.siteIds !== 'all' && !actor.siteIds.includes(resource.siteId)) return false;
  if (actor.role === 'admin') return true;
  if (!roleMay(actor.role, action, resource.type)) return false;
  if (actor.role === 'operator' && (resource.type === 'conversation' || resource.type === 'message')) {
    return resource.fictional;
  }
  return true;
}

function memberMay(actor: Extract<Actor, { kind: 'member' }>, action: Action, resource: Resource): boolean {
  const me = actor.user.id;
  switch (resource.type) {
    case 'member':
    case 'ledger':
    case 'report':
    case 'staff':
    case 'audit':
    case 'site':
    case 'fictional':
    case 'dashboard':
      return false;
    case 'payment':
    case 'invoice':
      return resource.userId === me && (action === 'view' || action === 'create');
    case 'complaint':
      return resource.userId === me && (action === 'view' || action === 'create');
    case 'photo': {
      if (resource.ownerUserId === me) return action !== 'moderate' && action !== 'refund';
      if (action !== 'view' || !resource.approved) return false;
      // Private photos are for premium members (SPEC.md 4: private photos locked for free members).
      return !resource.isPrivate || actor.user.paid_user;
    }
    case 'profile':
      if (resource.userId === me) return action === 'view' || action === 'update' || action === 'delete';
      return action === 'view' && resource.active;
    case 'conversation':
    case 'message':
      return resource.memberUserIds.includes(me) && (action === 'view' || action === 'create' || action === 'delete');
  }
}

function visitorMay(action: Action, resource: Resource): boolean {
  if (action !== 'view') return false;
  if (resource.type === 'profile') return resource.active;
  return resource.type === 'photo' && resource.approved && !resource.isPrivate;
}

/**
 * Whether `actor` may do `action` with `resource` (the seams issue: one place that answers for
 * every resource a route touches). A resource of another site is never the member's or visitor's;
 * staff see only the sites they are given. Pure: no database, no clock.
 */
export function can(actor: Actor, action: Action, resource: Resource): boolean {
  if (actor.kind === 'staff') return staffMay(actor, action, resource);
  if (resource.type === 'staff' || resource.siteId !== actor.site.id) return false;
  if (actor.kind === 'member') return memberMay(actor, action, resource);
  return visitorMay(action, resource);
}

/**
 * Like `can`, for routes: returns quietly when allowed.
 * @throws AppError not_found (404) when not allowed, so a refusal never tells that the thing exists
 */
export function authorize(actor: Actor, action: Action, resource: Resource): void {
  if (!can(actor, action, resource)) throw notFound();
}

/**
 * For a staff list or an action on a whole area: the actor must be staff whose role may do `action`
 * on `type` (policies above), and the answer is the site ids to limit the query to (`'all'` for every
 * site). `siteId`, when the caller asks for one site, must be one of the actor's.
 * @throws AppError authentication_required (403) for a non-staff actor, forbidden (403) when the role
 *   may not, not_found (404) for a site outside the actor's
 */
export function staffScope(
  actor: Actor,
  action: Action,
  type: ResourceType,
  siteId?: number | null,
): { siteIds: readonly number[] | 'all' } {
  if (actor.kind !== 'staff') throw authenticationRequired();
  if (!roleMay(actor.role, action, type)) throw forbidden();
  if (siteId != null) {
    if (actor.siteIds !== 'all' && !actor.siteIds.includes(siteId)) throw notFound();
    return { siteIds: [siteId] };
  }
  return { siteIds: actor.siteIds };
}

/**
 * A staff account as a policy resource: `{ id, site_ids }` of a row (site_ids null: every site), or
 * of an account about to be made or changed (id null when new).
 */
export function staffResource(row: { id: number | null; site_ids: readonly number[] | null }): Resource {
  return { type: 'staff', staffId: row.id, siteIds: row.site_ids ?? 'all' };
}

/** An audit entry as a policy resource (its site, null for none). */
export function auditResource(row: { site_id: number | null }): Resource {
  return { type: 'audit', siteId: row.site_id };
}

/** A member's account as a policy resource (staff views of members, sanctions, notes). */
export function memberResource(row: { site_id: number; id: number }): Resource {
  return { type: 'member', siteId: row.site_id, userId: row.id };
}

/** A report row as a policy resource. */
export function reportResource(row: { site_id: number }): Resource {
  return { type: 'report', siteId: row.site_id };
}

/** A payment row as a policy resource. */
export function paymentResource(row: { site_id: number; user_id: number }): Resource {
  return { type: 'payment', siteId: row.site_id, userId: row.user_id };
}

/** A paid payment's invoice as a policy resource. */
export function invoiceResource(row: { site_id: number; user_id: number }): Resource {
  return { type: 'invoice', siteId: row.site_id, userId: row.user_id };
}

/** A profile row as a policy resource: active when its status is 'active' (a fictional profile has no user). */
export function profileResource(row: { site_id: number; user_id: number | null; status: string }): Resource {
  return { type: 'profile', siteId: row.site_id, userId: row.user_id, active: row.status === 'active' };
}

/**
 * A conversation row as a policy resource. `memberUserIds`: the members' user ids the caller knows
 * take part (a member's own side once its membership was found); `fictional` when one side is fictional.
 */
export function conversationResource(
  row: { site_id: number },
  memberUserIds: readonly number[],
  fictional = false,
): Resource {
  return { type: 'conversation', siteId: row.site_id, memberUserIds, fictional };
}

/** A complaint row as a policy resource. */
export function complaintResource(row: { site_id: number; user_id: number }): Resource {
  return { type: 'complaint', siteId: row.site_id, userId: row.user_id };
}

/**
 * A photo with its profile's site and owner (db/repositories/photos.ts findPhotoWithOwner's shape)
 * as a policy resource: approved when its status is 'approved'; `ownerUserId` null for a fictional profile.
 */
export function photoResource(row: {
  photo: { is_private: boolean; status: string };
  siteId: number;
  ownerUserId: number | null;
}): Resource {
  return {
    type: 'photo',
    siteId: row.siteId,
    ownerUserId: row.ownerUserId,
    isPrivate: row.photo.is_private,
    approved: row.photo.status === 'approved',
  };
}
