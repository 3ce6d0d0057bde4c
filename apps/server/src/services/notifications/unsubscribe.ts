import type { UnsubscribeKind } from '@app/contracts';
import {
  addMailDisabledReason,
  findUnsubscribeState,
  removeMailDisabledReason,
  setMailKind,
} from '../../db/repositories/notification-mail.js';
import type { AppDeps } from '../../deps.js';
import { notFound, validationFailed } from '../../errors.js';
import { LIST_UNSUBSCRIBE_POST } from './unsubscribe-links.js';
import { isUnsubscribeTokenValid } from './unsubscribe-token.js';

/** A signed unsubscribe link's parameters: user id, kind, token. */
export interface UnsubscribeLink {
  u: number;
  k: UnsubscribeKind;
  t: string;
}

/** What the unsubscribe page shows: the kind, the site, and whether that mail is off now. */
export interface UnsubscribeView {
  kind: UnsubscribeKind;
  siteName: string;
  unsubscribed: boolean;
}

type Deps = Pick<AppDeps, 'db' | 'secrets'>;

function requireValidLink(deps: Deps, link: UnsubscribeLink): void {
  if (!isUnsubscribeTokenValid(deps.secrets.unsubscribeSecret, link.u, link.k, link.t)) throw notFound();
}

async function view(deps: Deps, link: UnsubscribeLink): Promise<UnsubscribeView> {
  const state = await findUnsubscribeState(deps.db, link.u);
  if (!state) throw notFound();
  const unsubscribed = link.k === 'all' ? state.notificationsDisabled.includes('unsubscribe') : !state.mail[link.k];
  return { kind: link.k, siteName: state.siteName, unsubscribed };
}

/**
 * GET /api/unsubscribe.php?u=&k=&t= (issue: notifications): what the signed link of a notification
 * mail is about and whether that mail is off; no login. Input: the link's `{ u, k, t }`.
 * @throws AppError not_found (404) for a wrong token or an erased account
 */
export async function viewUnsubscribe(deps: Deps, link: UnsubscribeLink): Promise<UnsubscribeView> {
  requireValidLink(deps, link);
  return view(deps, link);
}

/**
 * What a POST to the unsubscribe URL asks, from its parsed body: mail clients post the form
 * `List-Unsubscribe=One-Click` (RFC 8058; an empty body counts the same), the page posts JSON `{}`
 * or `{resubscribe: true}`. Answers whether it asks to resubscribe.
 * @throws AppError validation_failed (400) for anything else
 */
export function wantsResubscribe(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return false;
  if (typeof body !== 'object' || Array.isArray(body)) throw validationFailed();
  const fields = body as Record<string, unknown>;
  const keys = Object.keys(fields);
  if ('List-Unsubscribe' in fields) {
    const pair = `List-Unsubscribe=${String(fields['List-Unsubscribe'])}`;
    if (keys.length !== 1 || pair !== LIST_UNSUBSCRIBE_POST) throw validationFailed();
    return false;
  }
  if (keys.some((k) => k !== 'resubscribe')) throw validationFailed();
  if (fields.resubscribe !== undefined && typeof fields.resubscribe !== 'boolean') throw validationFailed();
  return fields.resubscribe === true;
}

/**
 * POST /api/unsubscribe.php?u=&k=&t= (issue: notifications, RFC 8058 one-click; no login): a kind
 * turns `mail_<kind>` off in notification_settings, `all` adds `unsubscribe` to
 * users.notifications_disabled; `resubscribe` undoes it (the kind on again, `unsubscribe` removed;
 * a bounce or complaint stays until the member turns mail on in /notifications). Doing it twice
 * changes nothing. Input: `{ link: { u, k, t }, body }`, the parsed request body (wantsResubscribe).
 * @returns the state after the change
 * @throws AppError not_found (404) for a wrong token or an erased account
 * @throws AppError validation_failed (400) for a body that is neither the one-click form nor the page's JSON
 */
export async function changeUnsubscribe(
  deps: Deps,
  input: { link: UnsubscribeLink; body: unknown },
): Promise<UnsubscribeView> {
  const { link } = input;
  requireValidLink(deps, link);
  const resubscribe = wantsResubscribe(input.body);
  const before = await view(deps, link);
  await deps.db.transaction(async (tx) => {
    if (link.k !== 'all') return setMailKind(tx, link.u, link.k, resubscribe);
    if (resubscribe) return removeMailDisabledReason(tx, link.u, 'unsubscribe');
    return addMailDisabledReason(tx, link.u, 'unsubscribe');
  });
  return { ...before, unsubscribed: !resubscribe };
}
