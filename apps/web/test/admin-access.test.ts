// @vitest-environment node
import type { StaffAccount } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  filtersToParams,
  pageFromParams,
  toAuditQuery,
} from '../src/admin/features/access/audit-search';
import { staffChanges } from '../src/admin/features/access/staff-editor';

describe('audit filters', () => {
  it('keeps filled filters and the page in the address bar, and reads them back', () => {
    const values = { ...filtersFromParams(new URLSearchParams()), action: ' staff. ', staff_id: '3' };
    const params = filtersToParams(values, 2);
    expect(params.toString()).toBe('staff_id=3&action=staff.&page=2');
    expect(filtersFromParams(params)).toMatchObject({ staff_id: '3', action: 'staff.', to: '' });
    expect(pageFromParams(params)).toBe(2);
    expect(pageFromParams(new URLSearchParams('page=-1'))).toBe(1);
    expect(filtersToParams(values, 1).has('page')).toBe(false);
  });

  it('sends ids as numbers, leaves out empty or half-typed filters, and makes `to` inclusive', () => {
    const values = {
      ...filtersFromParams(new URLSearchParams()),
      member_user_id: '12x',
      site_id: '4',
      from: '2026-11-01',
      to: '2026-11-24',
    };
    const query = toAuditQuery(values, 1);
    expect(query).toMatchObject({ site_id: 4, member_user_id: undefined, action: undefined, page: 1 });
    // Local midnight of the first day, and of the day after the last (the server's `to` is exclusive).
    expect(query.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 25).toISOString());
    expect(toAuditQuery({ ...values, from: '1-11-2026' }, 1).from).toBeUndefined();
  });
});

describe('staff changes', () => {
  const account: StaffAccount = {
    id: 5,
    email: 'mod@staff.test',
    name: 'Mod',
    role: 'moderator',
    site_ids: [1, 2],
    language: 'en',
    totp_enabled: true,
    disabled: false,
    created_at: '2026-11-01T10:00:00.000Z',
  };

  it('sends only what changed, so an unchanged role or site list does not log the account out', () => {
    expect(staffChanges(account, { name: 'Mod', role: 'moderator', siteIds: [1, 2] })).toEqual({});
    expect(staffChanges(account, { name: 'Mod', role: 'support', siteIds: [1, 2] })).toEqual({ role: 'support' });
    expect(staffChanges(account, { name: 'Moderator', role: 'moderator', siteIds: null })).toEqual({
      name: 'Moderator',
      site_ids: null,
    });
  });
});
