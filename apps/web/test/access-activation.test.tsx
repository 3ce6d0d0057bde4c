// @vitest-environment happy-dom
import type { User } from '@app/contracts';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isActivationModal, needsActivation } from '../src/features/account/activation';
import { useSpamHint } from '../src/features/account/use-spam-hint';

afterEach(cleanup);

function user(overrides: Partial<User> & { profileStatus?: User['profile']['status'] } = {}) {
  const { profileStatus = 'disabled', ...rest } = overrides;
  return {
    status: 'not_confirmed',
    notifications_disabled: [],
    profile: { status: profileStatus },
    ...rest,
  } as unknown as User;
}

describe('activation reminder visibility (SPEC.md 2)', () => {
  it('shows for a not_confirmed user with a disabled profile and no disabled notifications', () => {
    expect(needsActivation(user())).toBe(true);
  });
  it('hides once confirmed', () => {
    expect(needsActivation(user({ status: 'confirmed' }))).toBe(false);
  });
  it('hides when the profile is not disabled', () => {
    expect(needsActivation(user({ profileStatus: 'active' }))).toBe(false);
  });
  it('hides when e-mail notifications are disabled (bounce, complaint, unsubscribe)', () => {
    expect(needsActivation(user({ notifications_disabled: ['bounce'] }))).toBe(false);
  });
  it('hides for visitors', () => {
    expect(needsActivation(null)).toBe(false);
  });
  it('is a modal only with api_signup_complete on a smartphone', () => {
    expect(isActivationModal('?api_signup_complete=1', true)).toBe(true);
    expect(isActivationModal('?api_signup_complete=1', false)).toBe(false);
    expect(isActivationModal('?page=2', true)).toBe(false);
  });
});

describe('spam-folder hint (SPEC.md 4: after 1 minute)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears after 60 seconds, not before', () => {
    const { result } = renderHook(() => useSpamHint());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(59_999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('starts over after a resend', () => {
    const { result, rerender } = renderHook(({ key }) => useSpamHint(key), { initialProps: { key: 0 } });
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(true);
    rerender({ key: 1 });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(true);
  });
});
