import { moneyCalls, type TimeBonus, type User } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/api';
import { useUser } from '../session/use-user';
import { isTimeBonusEligible, timeBonusSecondsLeft } from './countdown';

type TimeBonusResult = { time_bonus: TimeBonus | null };

/** Query key of the time bonus; per member, so a new login loads it again (SPEC.md 4: loaded on login). */
export const timeBonusKey = (userId: number) => ['time-bonus', userId] as const;

/** GET /api/time-bonus.php: the member's time bonus, or null when not visible (SPEC.md 4, 5). */
export function timeBonusQuery(userId: number) {
  return queryOptions({
    queryKey: timeBonusKey(userId),
    queryFn: ({ signal }) => call(moneyCalls.timeBonus, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The current time in ms, updated every `intervalMs` while mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The `timeBonus` store area of SPEC.md 3: whether the bonus shows, and its countdown. */
export interface TimeBonusState {
  isVisible: boolean;
  /** Seconds left; 0 when not visible. */
  secondsLeft: number;
  bonus: TimeBonus | null;
}

/**
 * The member's time bonus, ticking every second (SPEC.md 4): visible for a logged-in non-paid member
 * within 4 hours of signup while the server offers it. At zero, or when the member becomes paid, the
 * cached bonus is cleared; logout clears it with every member query (features/session/clear-session).
 */
export function useTimeBonus(): TimeBonusState {
  const user: User | null = useUser();
  const client = useQueryClient();
  const now = useNow();
  const isEligible = isTimeBonusEligible(user, now);
  const query = useQuery({ ...timeBonusQuery(user?.id ?? 0), enabled: isEligible });
  const bonus = isEligible ? (query.data?.time_bonus ?? null) : null;
  const secondsLeft = timeBonusSecondsLeft(user, bonus, now);
  const hasCached = Boolean(query.data?.time_bonus);
  const isCleared = hasCached && secondsLeft === 0;
  useEffect(() => {
    if (isCleared && user) client.setQueryData<TimeBonusResult>(timeBonusKey(user.id), { time_bonus: null });
  }, [isCleared, user, client]);
  return { isVisible: secondsLeft > 0, secondsLeft, bonus: secondsLeft > 0 ? bonus : null };
}
