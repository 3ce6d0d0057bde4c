import {
  AutoLikeResponseSchema,
  ErrorResponseSchema,
  IcebreakersQuerySchema,
  IcebreakersResponseSchema,
  LikeResponseSchema,
  LikesResponseSchema,
  MatchesQuerySchema,
  MatchesResponseSchema,
  MatchFinderResponseSchema,
  MatchPreferencesSchema,
  OkSchema,
  ProfileRefBodySchema,
  SwipeBodySchema,
  SwipeResultSchema,
  SwipeStateSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { icebreakers } from '../../services/chat/icebreakers.js';
import { autoLike } from '../../services/discovery/auto-like.js';
import { blockMember, unblockMember } from '../../services/discovery/block-member.js';
import { likeMember } from '../../services/discovery/like-member.js';
import { listLikes, listMatches, markLikeFromSeen, markMatchShown } from '../../services/discovery/likes.js';
import { findMatches, saveAndFindMatches } from '../../services/discovery/match-finder.js';
import { swipe, swipeState } from '../../services/discovery/swipe-game.js';
import { unlikeMember } from '../../services/discovery/unlike-member.js';
import { requireUser } from '../context.js';

const errors = { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const memberOnly = '403 authentication_required for visitors. ';
const unreachable = '404 not_found for unknown, inactive, own or blocked profiles.';

/** Likes, matches, auto-like, swipe game, match finder, icebreakers and blocking (SPEC.md 2-7). */
export const discoveryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const tags = ['discovery'];

  app.post(
    '/api/like.php',
    {
      schema: {
        tags,
        summary: 'Like a profile; match when the other liked back (SPEC.md 2, 3)',
        description: `${memberOnly}${unreachable} Realtime events like/match go to the other after commit.`,
        body: ProfileRefBodySchema,
        response: { 200: LikeResponseSchema, ...errors },
      },
    },
    async (req) => likeMember(deps, req.site, requireUser(req), req.body.profile),
  );

  app.delete(
    '/api/like.php',
    {
      schema: {
        tags,
        summary: 'Take back a like; a match between the two ends',
        description: `${memberOnly}404 not_found for unknown or own profiles.`,
        body: ProfileRefBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => unlikeMember(db, req.site, requireUser(req), req.body.profile),
  );

  app.get(
    '/api/likes.php',
    {
      schema: {
        tags,
        summary: 'Likes received (new first, then newest), given and mutual, with every profile involved (SPEC.md 7)',
        description: memberOnly,
        response: { 200: LikesResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => listLikes(db, clock, requireUser(req)),
  );

  app.post(
    '/api/likes-seen.php',
    {
      schema: {
        tags,
        summary: "Clear the new flag of that profile's like (opening /likes/m/{id}, SPEC.md 4)",
        description: memberOnly,
        body: ProfileRefBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => markLikeFromSeen(db, requireUser(req), req.body.profile),
  );

  app.get(
    '/api/matches.php',
    {
      schema: {
        tags,
        summary: 'Matches, newest first; unseen=1 only those whose match dialog this member has not seen',
        description: memberOnly,
        querystring: MatchesQuerySchema,
        response: { 200: MatchesResponseSchema, ...errors },
      },
    },
    async (req) => listMatches(db, clock, requireUser(req), req.query.unseen === '1'),
  );

  app.post(
    '/api/matches-seen.php',
    {
      schema: {
        tags,
        summary: 'The match dialog with that profile was shown',
        description: memberOnly,
        body: ProfileRefBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => markMatchShown(db, requireUser(req), req.body.profile),
  );

  app.get(
    '/api/auto-like.php',
    {
      schema: {
        tags,
        summary: 'A profile that liked the member, for the like modal (SPEC.md 2, 7), or null',
        description:
          `${memberOnly}When nobody liked the member, a fictional profile (never a real member) may like ` +
          'them, at most once a day; the card then has fictional: true and must show the fictional label.',
        response: { 200: AutoLikeResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => autoLike(deps, req.site, requireUser(req)),
  );

  app.get(
    '/api/swipe-game.php',
    {
      schema: {
        tags,
        summary: 'The next swipe-game card and the likes left today (SPEC.md 6)',
        description: `${memberOnly}likes_left is null for premium members (unlimited).`,
        response: { 200: SwipeStateSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => swipeState(deps, req.site, requireUser(req)),
  );

  app.post(
    '/api/swipe-game.php',
    {
      schema: {
        tags,
        summary: 'Like or pass on a swipe-game card; answers the next state',
        description:
          `${memberOnly}${unreachable} 403 premium_required (data.reason swipe_likes_per_day) when a free ` +
          "member used today's likes; the day ends at midnight in the member's time zone.",
        body: SwipeBodySchema,
        response: { 200: SwipeResultSchema, ...errors },
      },
    },
    async (req) => swipe(deps, req.site, requireUser(req), req.body),
  );

  app.get(
    '/api/match-finder.php',
    {
      schema: {
        tags,
        summary: 'Saved (or default) match preferences and ranked proposals (docs/matching.md)',
        description: memberOnly,
        response: { 200: MatchFinderResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => findMatches(deps, req.site, requireUser(req)),
  );

  app.put(
    '/api/match-finder.php',
    {
      schema: {
        tags,
        summary: 'Save what the member looks for and rank again',
        description: memberOnly,
        body: MatchPreferencesSchema,
        response: { 200: MatchFinderResponseSchema, ...errors },
      },
    },
    async (req) => saveAndFindMatches(deps, req.site, requireUser(req), req.body),
  );

  app.get(
    '/api/icebreakers.php',
    {
      schema: {
        tags,
        summary: "Suggested first messages to a profile, in the member's language",
        description: `${memberOnly}${unreachable}`,
        querystring: IcebreakersQuerySchema,
        response: { 200: IcebreakersResponseSchema, ...errors },
      },
    },
    async (req) => icebreakers(db, req.site, requireUser(req), req.query.profile, req.locale),
  );

  app.post(
    '/api/block.php',
    {
      schema: {
        tags,
        summary: 'Block a profile: likes and match removed, conversation hidden for both (SPEC.md 4)',
        description: `${memberOnly}404 not_found for unknown, inactive or own profiles.`,
        body: ProfileRefBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => blockMember(deps, req.site, requireUser(req), req.body.profile),
  );

  app.delete(
    '/api/block.php',
    {
      schema: {
        tags,
        summary: 'Lift a block',
        description: `${memberOnly}404 not_found for unknown or own profiles.`,
        body: ProfileRefBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => unblockMember(deps, req.site, requireUser(req), req.body.profile),
  );
};
