import { describe, expect, it } from 'vitest';
import {
  ageOn,
  badgeText,
  chatPreviewLine,
  cleanPhone,
  isLoggedOutSearchAllowed,
  isSignupAllowed,
  snapshotAlert,
} from '../src/index.js';

describe('ageOn', () => {
  it('counts whole years and turns on the birthday', () => {
    expect(ageOn('2000-06-15', new Date('2026-06-14T12:00:00Z'))).toBe(25);
    expect(ageOn('2000-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(26);
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(18);
  });
});

describe('badgeText (SPEC.md 2: badges cap at 99+)', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
  ])('%i → %s', (count, text) => expect(badgeText(count)).toBe(text));
});

describe('cleanPhone (SPEC.md 5)', () => {
  it('removes hyphens and spaces', () => expect(cleanPhone('+31 (0)20-123 45 67')).toBe('+31(0)201234567'));
});

describe('signup and logged-out search rules (SPEC.md 5)', () => {
  it('allows signup for all, or with a traffic source', () => {
    expect(isSignupAllowed('all', false)).toBe(true);
    expect(isSignupAllowed('with_trafficsource', false)).toBe(false);
    expect(isSignupAllowed('with_trafficsource', true)).toBe(true);
    expect(isSignupAllowed('none', true)).toBe(false);
  });
  it('allows logged-out search unless both settings say none (traffic source needed for the second)', () => {
    expect(isLoggedOutSearchAllowed({ logged_out_search: 'all', logged_out_search_trafficsource: 'none' }, false)).toBe(
      true,
    );
    expect(isLoggedOutSearchAllowed({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' }, false)).toBe(
      false,
    );
    expect(isLoggedOutSearchAllowed({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' }, true)).toBe(
      true,
    );
    expect(isLoggedOutSearchAllowed({ logged_out_search: 'none', logged_out_search_trafficsource: 'none' }, true)).toBe(
      false,
    );
  });
});

describe('snapshotAlert', () => {
  const member = (
    overrides: { status?: string; disabled?: string[]; profileStatus?: string; photo?: boolean } = {},
  ) => ({
    status: overrides.status ?? 'confirmed',
    notifications_disabled: overrides.disabled ?? [],
    profile: { status: overrides.profileStatus ?? 'enabled', main_image: overrides.photo ? { match: 'a.jpg' } : null },
  });

  it('without the cookie takes the first alert the server wants, for a browser that can take push', () => {
    expect(snapshotAlert(member({ status: 'not_confirmed', profileStatus: 'disabled' }), true, undefined)).toBe(
      'activation',
    );
    expect(snapshotAlert(member({ disabled: ['bounce'] }), true, undefined)).toBe('mailOff');
    expect(snapshotAlert(member(), true, undefined)).toBe('push');
    expect(snapshotAlert(member(), false, undefined)).toBe('photo');
    expect(snapshotAlert(member({ photo: true }), false, undefined)).toBeNull();
  });

  it("keeps the app's alert while the server still wants it", () => {
    expect(snapshotAlert(member(), true, 'photo')).toBe('photo');
    expect(snapshotAlert(member({ photo: true }), true, 'photo')).toBeNull();
    expect(snapshotAlert(member(), false, 'push')).toBeNull();
    expect(snapshotAlert(member(), true, 'none')).toBeNull();
    expect(snapshotAlert(member(), true, 'constructor')).toBeNull();
  });
});

describe('chatPreviewLine', () => {
  const words = { you: 'Jij', photo: 'Foto', gift: 'Cadeau' };
  it("marks the viewer's own message and names photos and gifts", () => {
    expect(chatPreviewLine(null, 1, words)).toBe('');
    expect(chatPreviewLine({ sender: 2, kind: 'text', preview: 'Hoi' }, 1, words)).toBe('Hoi');
    expect(chatPreviewLine({ sender: 1, kind: 'text', preview: 'Hoi' }, 1, words)).toBe('Jij: Hoi');
    expect(chatPreviewLine({ sender: 1, kind: 'photo', preview: '' }, 1, words)).toBe('Jij: Foto');
    expect(chatPreviewLine({ sender: 2, kind: 'gift', preview: '' }, 1, words)).toBe('Cadeau');
  });
});
