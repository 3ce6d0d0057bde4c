import { notificationCalls, UNSUBSCRIBE_KINDS, type UnsubscribeKind, type UnsubscribeState } from '@app/contracts';
import { api, checkReply } from '../../lib/api';

/** The signed link of a notification mail: user id, kind and the token of that kind (issue: notifications). */
export interface UnsubscribeLink {
  u: number;
  k: UnsubscribeKind;
  t: string;
}

/**
 * The link's parameters from the page's query (`/unsubscribe?u=&k=&t=&a=`): the link itself, and
 * the token of `all` (`a`) that lets the page offer to stop every notification mail; null when a
 * parameter is missing or malformed (a link cut off by the mail client).
 */
export function readUnsubscribeLink(
  params: URLSearchParams,
): { link: UnsubscribeLink; allToken: string | null } | null {
  const u = Number(params.get('u'));
  const k = params.get('k') ?? '';
  const t = params.get('t') ?? '';
  const token = /^[A-Za-z0-9_-]{1,128}$/;
  if (!Number.isInteger(u) || u <= 0 || !(UNSUBSCRIBE_KINDS as readonly string[]).includes(k) || !token.test(t)) {
    return null;
  }
  const a = params.get('a');
  return { link: { u, k: k as UnsubscribeKind, t }, allToken: a && token.test(a) ? a : null };
}

/**
 * POST /api/unsubscribe.php?u=&k=&t=: turns the link's mail off (`resubscribe` false) or on again;
 * no login. The call is a form call for mail clients (RFC 8058), so the page posts JSON through the
 * transport and checks the reply against the descriptor itself.
 * @throws ApiError not_found for a wrong or outdated link
 */
export async function changeUnsubscribe(link: UnsubscribeLink, resubscribe: boolean): Promise<UnsubscribeState> {
  const reply = await api<unknown>(notificationCalls.unsubscribe.path, {
    method: 'POST',
    query: link,
    body: resubscribe ? { resubscribe: true } : {},
  });
  return checkReply(notificationCalls.unsubscribe, reply);
}
