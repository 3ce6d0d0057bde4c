// @vitest-environment happy-dom
import { DISMISSAL_KEYS, type User } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, isTimeBonusEligible, timeBonusSecondsLeft } from '../src/features/time-bonus/countdown';
import { timeBonusKey, useTimeBonus } from '../src/features/time-bonus/use-time-bonus';
import { queryKeys } from '../src/lib/query-client';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const iso = (msFromNow: number) => new Date(NOW + msFromNow).toISOString();
const freeUser = (signupAgoMs: number) =>
  ({ id: 7, paid_user: false, credits: 0, signup_date: iso(-signupAgoMs) }) as unknown as User;

afterEach(cleanup);

describe('countdown (SPEC.md 4: zero-padded hh:mm:ss)', () => {
  it.each([
    [14_400, '04:00:00'],
    [3661, '01:01:01'],
    [59, '00:00:59'],
    [0, '00:00:00'],
    [-5, '00:00:00'],
    [12.7, '00:00:12'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('time bonus visibility (SPEC.md 4)', () => {
  const bonus = { expires: iso(3_600_000) };

  it('counts down to the bonus end for a free member within 4 hours of signup', () => {
    expect(timeBonusSecondsLeft(freeUser(10_000), bonus, NOW)).toBe(3600);
  });
  it('never outlives signup_date + 14400 s', () => {
    const user = freeUser(14_000_000); // 400 s left of the 4 hours
    expect(timeBonusSecondsLeft(user, { expires: iso(10_000_000) }, NOW)).toBe(400);
  });
  it('is cleared when signup is older than 4 hours', () => {
    expect(isTimeBonusEligible(freeUser(14_400_000), NOW)).toBe(false);
    expect(timeBonusSecondsLeft(freeUser(14_400_001), bonus, NOW)).toBe(0);
  });
  it('is cleared when the member is paid, logged out or has no bonus', () => {
    const paid = { ...freeUser(1000), paid_user: true };
    expect(timeBonusSecondsLeft(paid, bonus, NOW)).toBe(0);
    expect(timeBonusSecondsLeft(null, bonus, NOW)).toBe(0);
    expect(timeBonusSecondsLeft(freeUser(1000), null, NOW)).toBe(0);
  });
});

describe('useTimeBonus (the timeBonus store area)', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          time_bonus: { code: 'TIMEBONUS25', value_percentage: 25, expires: iso(3000), seconds_left: 3 },
        }),
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the bonus, ticks every second and is cleared at zero', async () => {
    client.setQueryData(queryKeys.user, freeUser(60_000));
    const { result } = renderHook(() => useTimeBonus(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledWith('/api/time-bonus.php', expect.anything());
    expect(result.current).toMatchObject({ isVisible: true, secondsLeft: 3 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.secondsLeft).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(result.current).toMatchObject({ isVisible: false, secondsLeft: 0, bonus: null });
    expect(client.getQueryData(timeBonusKey(7))).toEqual({ time_bonus: null });
  });

  it('is hidden, without a call, once the member is paid', async () => {
    client.setQueryData(queryKeys.user, { ...freeUser(60_000), paid_user: true });
    const { result } = renderHook(() => useTimeBonus(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.isVisible).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays hidden when the server offers none', async () => {
    vi.mocked(fetch).mockImplementation(async () => Response.json({ time_bonus: null }));
    client.setQueryData(queryKeys.user, freeUser(60_000));
    const { result } = renderHook(() => useTimeBonus(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.isVisible).toBe(false);
  });
});

describe('dismissal key', () => {
  it('is hide-time-bonus-modal (SPEC.md 4)', () => {
    expect(DISMISSAL_KEYS.timeBonusModal).toBe('hide-time-bonus-modal');
  });
});
