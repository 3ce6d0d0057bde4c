import { describe, expect, it } from 'vitest';
import type { SiteRow } from '../src/db/repositories/sites.js';
import type { UserRow } from '../src/db/repositories/users.js';
import type { Actor, StaffRole } from '../src/policies/actor.js';
import { memberSideActor } from '../src/policies/actor.js';
import {
  type Action,
  auditResource,
  authorize,
  can,
  type Resource,
  roleMay,
  sitesWithin,
  staffResource,
  staffScope,
} from '../src/policies/policies.js';

/** The policies answer for every resource a route touches (the seams issue): pure rules, no database. */

const siteA = { id: 1 } as SiteRow;
const siteB = { id: 2 } as SiteRow;
const member = (id: number, paid = false, site = siteA): Actor =>
  memberSideActor(site, { id, site_id: site.id, paid_user: paid } as UserRow);
const visitor: Actor = memberSideActor(siteA, null);
const staff = (role: StaffRole, siteIds: readonly number[] | 'all' = [siteA.id]): Actor => ({
  kind: 'staff',
  site: siteA,
  staffId: 9,
  role,
  siteIds,
});

const payment = (siteId: number, userId: number): Resource => ({ type: 'payment', siteId, userId });
const photo = (p: Partial<Extract<Resource, { type: 'photo' }>> = {}): Resource => ({
  type: 'photo',
  siteId: 1,
  ownerUserId: 5,
  isPrivate: false,
  approved: true,
  ...p,
});
const conversation = (memberUserIds: number[], fictional = false, siteId = 1): Resource => ({
  type: 'conversation',
  siteId,
  memberUserIds,
  fictional,
});

describe('policies', () => {
  it('lets a member see and use only their own payments, invoices and complaints, on their own site', () => {
    expect(can(member(5), 'view', payment(1, 5))).toBe(true);
    expect(can(member(5), 'view', payment(1, 6))).toBe(false);
    expect(can(member(5), 'view', payment(2, 5))).toBe(false);
    expect(can(member(5), 'refund', payment(1, 5))).toBe(false);
    expect(can(member(5), 'view', { type: 'invoice', siteId: 1, userId: 6 })).toBe(false);
    expect(can(member(5), 'view', { type: 'complaint', siteId: 1, userId: 5 })).toBe(true);
    expect(can(visitor, 'view', payment(1, 5))).toBe(false);
  });

  it('shows private photos to their owner and premium members only, unapproved ones to the owner only', () => {
    expect(can(member(5), 'view', photo({ isPrivate: true }))).toBe(true);
    expect(can(member(6), 'view', photo({ isPrivate: true }))).toBe(false);
    expect(can(member(6, true), 'view', photo({ isPrivate: true }))).toBe(true);
    expect(can(member(6, true), 'view', photo({ approved: false }))).toBe(false);
    expect(can(member(5), 'view', photo({ approved: false }))).toBe(true);
    expect(can(member(6), 'delete', photo())).toBe(false);
    expect(can(member(5), 'delete', photo())).toBe(true);
    expect(can(visitor, 'view', photo())).toBe(true);
    expect(can(visitor, 'view', photo({ isPrivate: true }))).toBe(false);
    expect(can(member(6, true, siteB), 'view', photo())).toBe(false);
  });

  it('keeps conversations and messages to the members taking part', () => {
    expect(can(member(5), 'view', conversation([5, 6]))).toBe(true);
    expect(can(member(7), 'view', conversation([5, 6]))).toBe(false);
    expect(can(member(5), 'view', conversation([5, 6], false, 2))).toBe(false);
    expect(can(visitor, 'view', conversation([5, 6]))).toBe(false);
  });

  it('limits staff to their sites and roles: support cannot refund, operators see no payments', () => {
    const cases: [StaffRole, Action, Resource, boolean][] = [
      ['admin', 'refund', payment(1, 5), true],
      ['admin', 'refund', payment(2, 5), false],
      ['support', 'view', payment(1, 5), true],
      ['support', 'refund', payment(1, 5), false],
      ['operator', 'view', payment(1, 5), false],
      ['operator', 'view', conversation([5], true), true],
      ['operator', 'view', conversation([5, 6], false), false],
      ['moderator', 'moderate', photo({ approved: false }), true],
      ['moderator', 'view', payment(1, 5), false],
      ['moderator', 'view', photo({ siteId: 2 }), false],
      ['support', 'update', { type: 'complaint', siteId: 1, userId: 5 }, true],
    ];
    for (const [role, action, resource, expected] of cases) {
      const where = 'siteId' in resource ? resource.siteId : 'its sites';
      expect(can(staff(role), action, resource), `${role} ${action} ${resource.type} on site ${where}`).toBe(expected);
    }
    expect(can(staff('moderator', 'all'), 'view', photo({ siteId: 2 }))).toBe(true);
  });

  it('refuses with not_found, so a refusal never tells that the thing exists', () => {
    expect(() => authorize(member(5), 'view', payment(1, 6))).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => authorize(member(5), 'view', payment(1, 5))).not.toThrow();
  });

  it('gives each staff role its back-office areas: support reads payments but never refunds, operators see no members', () => {
    expect(roleMay('support', 'view', 'payment')).toBe(true);
    expect(roleMay('support', 'refund', 'payment')).toBe(false);
    expect(roleMay('support', 'moderate', 'member')).toBe(false);
    expect(roleMay('moderator', 'moderate', 'member')).toBe(true);
    expect(roleMay('moderator', 'view', 'payment')).toBe(false);
    expect(roleMay('moderator', 'update', 'ledger')).toBe(false);
    expect(roleMay('operator', 'view', 'member')).toBe(false);
    expect(roleMay('operator', 'view', 'payment')).toBe(false);
    for (const type of ['staff', 'audit', 'site', 'dashboard'] as const) {
      for (const role of ['moderator', 'operator', 'support'] as const) expect(roleMay(role, 'view', type)).toBe(false);
      expect(roleMay('admin', 'view', type)).toBe(true);
    }
    // Fictional profiles: admins manage them, operators read the persona they answer as.
    expect(roleMay('operator', 'view', 'fictional')).toBe(true);
    expect(roleMay('operator', 'update', 'fictional')).toBe(false);
    expect(roleMay('moderator', 'view', 'fictional')).toBe(false);
    expect(roleMay('moderator', 'revoke', 'member')).toBe(false);
    expect(roleMay('admin', 'revoke', 'member')).toBe(true);
  });

  it('scopes staff lists to their sites: 403 for a role that may not, 404 for a site not theirs, never for members', () => {
    expect(staffScope(staff('moderator'), 'view', 'report')).toEqual({ siteIds: [siteA.id] });
    expect(staffScope(staff('admin', 'all'), 'view', 'report')).toEqual({ siteIds: 'all' });
    expect(staffScope(staff('admin', 'all'), 'view', 'report', siteB.id)).toEqual({ siteIds: [siteB.id] });
    expect(() => staffScope(staff('moderator'), 'view', 'report', siteB.id)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => staffScope(staff('support'), 'refund', 'payment')).toThrow(
      expect.objectContaining({ code: 'forbidden', statusCode: 403 }),
    );
    expect(() => staffScope(member(1, true), 'view', 'payment')).toThrow(
      expect.objectContaining({ code: 'authentication_required' }),
    );
    // Members and visitors never reach back-office resources.
    for (const type of ['member', 'ledger', 'report', 'staff', 'audit', 'site', 'fictional', 'dashboard'] as const) {
      const resource = { type, siteId: siteA.id, userId: 1 } as Resource;
      expect(can(member(1, true), 'view', resource), type).toBe(false);
      expect(can(visitor, 'view', resource), type).toBe(false);
    }
  });

  it("keeps staff accounts inside the admin's sites: nobody reaches an account of every site or another site", () => {
    const adminOfA = { ...staff('admin', [siteA.id]), staffId: 20 } as Actor;
    const adminOfAll = { ...staff('admin', 'all'), staffId: 21 } as Actor;
    const ofA = staffResource({ id: 30, site_ids: [siteA.id] });
    const ofAB = staffResource({ id: 31, site_ids: [siteA.id, siteB.id] });
    const ofAll = staffResource({ id: 32, site_ids: null });
    const newOfAll = staffResource({ id: null, site_ids: null });
    const newOfB = staffResource({ id: null, site_ids: [siteB.id] });
    expect(can(adminOfA, 'view', ofA)).toBe(true);
    expect(can(adminOfA, 'manage', ofA)).toBe(true);
    for (const other of [ofAB, ofAll, newOfAll, newOfB]) {
      expect(can(adminOfA, 'view', other)).toBe(false);
      expect(can(adminOfA, 'manage', other)).toBe(false);
    }
    for (const any of [ofA, ofAB, ofAll, newOfAll, newOfB]) expect(can(adminOfAll, 'manage', any)).toBe(true);
    // Nobody manages their own account through the staff list (role, sites, state).
    expect(can(adminOfA, 'manage', staffResource({ id: 20, site_ids: [siteA.id] }))).toBe(false);
    expect(can(adminOfA, 'view', staffResource({ id: 20, site_ids: [siteA.id] }))).toBe(true);
    for (const role of ['moderator', 'operator', 'support'] as const) {
      expect(can(staff(role, 'all'), 'view', ofA), role).toBe(false);
      expect(can(staff(role, 'all'), 'manage', newOfB), role).toBe(false);
    }
    expect(can(member(1, true), 'view', ofA)).toBe(false);
    expect(sitesWithin([1, 2], [2, 1, 3])).toBe(true);
    expect(sitesWithin('all', [1, 2])).toBe(false);
    expect(sitesWithin([], [1])).toBe(true);
  });

  it('shows audit entries of other sites and of none only to staff of every site', () => {
    const adminOfA = staff('admin', [siteA.id]);
    expect(can(adminOfA, 'view', auditResource({ site_id: siteA.id }))).toBe(true);
    expect(can(adminOfA, 'view', auditResource({ site_id: siteB.id }))).toBe(false);
    expect(can(adminOfA, 'view', auditResource({ site_id: null }))).toBe(false);
    expect(can(staff('admin', 'all'), 'view', auditResource({ site_id: null }))).toBe(true);
    expect(can(staff('moderator', 'all'), 'view', auditResource({ site_id: null }))).toBe(false);
  });
});
