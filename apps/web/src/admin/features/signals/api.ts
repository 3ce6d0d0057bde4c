import {
  adminModerationCalls,
  adminSignalCalls,
  type SignalMemberDetail,
  type SignalReleaseBody,
} from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Query keys of the Signals screens, under ['admin', 'signals']. */
export const signalKeys = {
  all: ['admin', 'signals'] as const,
  queue: (siteId: number | undefined, page: number) => ['admin', 'signals', 'queue', siteId ?? null, page] as const,
  member: (userId: number) => ['admin', 'signals', 'member', userId] as const,
  settings: ['admin', 'signals', 'settings'] as const,
};

/** GET /api/admin/signals.php: one page of the Signals queue, highest risk score first. */
export const signalQueueQuery = (siteId: number | undefined, page: number) =>
  queryOptions({
    queryKey: signalKeys.queue(siteId, page),
    queryFn: () => call(adminSignalCalls.signalQueue, { query: { site_id: siteId, page } }),
  });

/**
 * GET /api/admin/signal-member.php: a member's messages with signals or held, newest first, paged
 * by the oldest message id shown (`before`); every read is audited on the server.
 */
export const signalMemberQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: signalKeys.member(userId),
    queryFn: ({ pageParam }) => call(adminSignalCalls.signalMember, { query: { user_id: userId, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: SignalMemberDetail) => (last.more ? last.messages.at(-1)?.id : undefined),
    staleTime: 0,
  });

/** GET /api/admin/signal-settings.php: the hold threshold of each of the account's sites. */
export const signalSettingsQuery = queryOptions({
  queryKey: signalKeys.settings,
  queryFn: () => call(adminSignalCalls.signalSettings),
});

/** Refreshes every Signals screen (and the member screens, whose sanctions a warn or ban changes). */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: signalKeys.all }),
      client.invalidateQueries({ queryKey: ['admin', 'members'] }),
    ]);
}

/** POST /api/admin/signal-release.php: deliver held messages (named ones, else all), charged now. */
export function useReleaseHeld() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SignalReleaseBody) => call(adminSignalCalls.releaseHeld, { body }),
    onSettled: refresh,
  });
}

/** POST /api/admin/sanctions.php with reason scam: warn the member, or ban (drops the held messages uncharged). */
export function useScamSanction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { user_id: number; kind: 'warn' | 'ban'; note?: string }) =>
      call(adminModerationCalls.applySanction, { body: { ...body, reason: 'scam' } }),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/signal-settings.php: a site's hold threshold (admins of the site). */
export function useSetHoldThreshold() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { site_id: number; risk_hold_threshold: number }) =>
      call(adminSignalCalls.setSignalSettings, { body }),
    onSuccess: refresh,
  });
}
