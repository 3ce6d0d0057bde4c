import { type ChatCosts, FREE_CONVERSATION_LIMIT } from '@app/contracts';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { AppError } from '../../errors.js';

/**
 * What one send costs a member of `country` (SPEC.md 3, 9): a message site.message_credits but never
 * less than the site's minimum_message_costs for that country; a photo site.photo_credits.
 */
export function chatCosts(
  site: Pick<SiteRow, 'message_credits' | 'photo_credits' | 'minimum_message_costs'>,
  country: string,
): ChatCosts {
  const minimum = site.minimum_message_costs.find((m) => m.country === country.toUpperCase())?.costs ?? 0;
  return { message: Math.max(site.message_credits, minimum), photo: site.photo_credits };
}

/** Conversations a member may have at once: FREE_CONVERSATION_LIMIT when free, unlimited when paid (SPEC.md 5, 6). */
export function conversationLimit(user: Pick<UserRow, 'paid_user'>): number {
  return user.paid_user ? Number.POSITIVE_INFINITY : FREE_CONVERSATION_LIMIT;
}

/** 402 not_enough_credits: the client shows the buy-credits alert (SPEC.md 8). */
export const notEnoughCredits = (cost: number, balance: number) =>
  new AppError('not_enough_credits', 402, { cost, credits: balance });

/** 403 premium_required for a third conversation of a free member (SPEC.md 5). */
export const conversationLimitReached = () =>
  new AppError('premium_required', 403, { reason: 'conversation_limit', limit: FREE_CONVERSATION_LIMIT });

/** 403 blocked: either side blocked the other (SPEC.md 4). */
export const blockedError = () => new AppError('blocked', 403);

/** 403 recipient_not_confirmed: the other member cannot be answered until they confirm their email (SPEC.md 4). */
export const recipientNotConfirmed = () => new AppError('recipient_not_confirmed', 403);
