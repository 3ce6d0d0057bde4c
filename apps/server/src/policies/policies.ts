import { notFound } from '../errors.js';
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
  | { type: 'photo'; siteId: number; ownerUserId: number | null; isPrivate: boolean; approved: boolean }
  | { type: 'profile'; siteId: number; userId: number | null; active: boolean }
  /** `memberUserIds`: the members taking part (a fictional profile has none); `fictional` when one side is fictional. */
  | { type: 'conversation'; siteId: number; memberUserIds: readonly number[]; fictional: boolean }
  | { type: 'message'; siteId: number; memberUserIds: readonly number[]; fictional: boolean };

/** What an actor may want to do with a resource. */
export type Action = 'view' | 'create' | 'update' | 'delete' | 'refund' | 'moderate';

type StaffRule = Partial<Record<Resource['type'], readonly Action[]>>;

/** What each staff role may do on its own sites (DECISIONS.md back office; admin may do everything). */
const STAFF_RULES: Record<Exclude<StaffRole, 'admin'>, StaffRule> = {
  moderator: {
    profile: ['view', 'update', 'moderate'],
    photo: ['view', 'moderate', 'delete'],
    complaint: ['view', 'update'],
    conversation: ['view'],
    message: ['view'],
  },
  // Operators answer fictional profiles' conversations; the rule below limits them to those.
  operator: { conversation: ['view', 'create'], message: ['view', 'create'], profile: ['view'] },
  support: {
    profile: ['view'],
    photo: ['view'],
    complaint: ['view', 'update'],
    payment: ['view'],
    invoice: ['view'],
  },
};

function staffMay(actor: Extract<Actor, { kind: 'staff' }>, action: Action, resource: Resource): boolean {
  if (actor.siteIds !== 'all' && !actor.siteIds.includes(resource.siteId)) return false;
  if (actor.role === 'admin') return true;
  const allowed = STAFF_RULES[actor.role][resource.type] ?? [];
  if (!allowed.includes(action)) return false;
  if (actor.role === 'operator' && (resource.type === 'conversation' || resource.type === 'message')) {
    return resource.fictional;
  }
  return true;
}

function memberMay(actor: Extract<Actor, { kind: 'member' }>, action: Action, resource: Resource): boolean {
  const me = actor.user.id;
  switch (resource.type) {
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
  if (resource.siteId !== actor.site.id) return false;
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
