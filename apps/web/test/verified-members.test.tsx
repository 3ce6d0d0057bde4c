// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSearchParams, toUrlParams } from '../src/features/members/use-search';
import { VerifiedBadge } from '../src/features/members/verified-badge';
import { initI18n } from '../src/lib/i18n';

afterEach(cleanup);
beforeAll(async () => {
  await initI18n('nl');
});

/** Issue: verified members (docs/decisions/026-verified-members.md). */
describe('verified members in the client', () => {
  it('names the badge by what it means, not by its check mark', () => {
    render(<VerifiedBadge />);
    const badge = screen.getByRole('img', { name: 'Geverifieerd: de selfie komt overeen met de profielfoto' });
    expect(badge.getAttribute('title')).toBe('Geverifieerd: de selfie komt overeen met de profielfoto');
    expect(badge.textContent).toContain('Geverifieerd');
  });

  it('keeps the verified-only filter in the URL, and only the value 1', () => {
    const search = readSearchParams(new URLSearchParams('gender=female&verified_only=1&page=2'));
    expect(search).toMatchObject({ gender: 'female', verified_only: '1', page: 2 });
    expect(toUrlParams(search).toString()).toBe('gender=female&verified_only=1&page=2');
    expect(readSearchParams(new URLSearchParams('verified_only=yes')).verified_only).toBeUndefined();
  });
});
