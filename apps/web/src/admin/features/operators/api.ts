import { type AdminInboxConversation, adminOperatorCalls, INBOX_REFRESH_SECONDS, type InboxTab } from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api';

/** Query keys of the inbox (invalidate `inboxKeys.all` after an answer). */
export const inboxKeys = {
  all: ['admin', 'inbox'] as const,
  list: (tab: InboxTab, siteId: number | undefined) => ['admin', 'inbox', 'list', tab, siteId ?? null] as const,
  conversation: (id: number) => ['admin', 'inbox', 'conversation', id] as const,
  times: (params: ResponseTimeParams) => ['admin', 'inbox', 'times', params] as const,
};

/** The inbox list of one tab, refreshed every INBOX_REFRESH_SECONDS. */
export const inboxQuery = (tab: InboxTab, siteId: number | undefined) =>
  queryOptions({
    queryKey: inboxKeys.list(tab, siteId),
    queryFn: ({ signal }) => call(adminOperatorCalls.inbox, { query: { tab, site_id: siteId }, signal }),
    refetchInterval: INBOX_REFRESH_SECONDS * 1000,
    placeholderData: keepPreviousData,
  });

/** What the response-time screen asks for (dates YYYY-MM-DD). */
export interface ResponseTimeParams {
  site_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Response times of a period and site (admins). */
export const responseTimesQuery = (params: ResponseTimeParams) =>
  queryOptions({
    queryKey: inboxKeys.times(params),
    queryFn: ({ signal }) => call(adminOperatorCalls.responseTimes, { query: params, signal }),
    placeholderData: keepPreviousData,
  });

/** Opens (takes the lock) or, as the heartbeat, keeps open a conversation. */
export function openConversation(id: number, heartbeat: boolean): Promise<AdminInboxConversation> {
  return call(heartbeat ? adminOperatorCalls.heartbeat : adminOperatorCalls.open, { body: { id } });
}

/** Gives the lock back; failures are ignored (the lock expires by itself). */
export function releaseConversation(id: number): void {
  void call(adminOperatorCalls.release, { body: { id } }).catch(() => undefined);
}

/** Who holds the lock when a call was refused because of it, else null. */
export function lockedBy(err: unknown): { name: string; expiresAt: string | null } | null {
  if (!isApiError(err, 'conflict')) return null;
  const data = (err.data ?? {}) as { reason?: string; locked_by?: string; expires_at?: string };
  if (data.reason !== 'locked') return null;
  return { name: data.locked_by ?? '', expiresAt: data.expires_at ?? null };
}

/** Whether a call was refused because this account's lock ran out. */
export function isLockLost(err: unknown): boolean {
  return isApiError(err, 'conflict') && (err.data as { reason?: string } | undefined)?.reason === 'lock_lost';
}

/** A client id for an idempotent answer (retries of one answer reuse it). */
export function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
