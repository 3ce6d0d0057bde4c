import { discoveryCalls } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import {
  presentAutoLike,
  presentLikes,
  presentMatches,
  presentMatchFinder,
  presentSwipeResult,
  presentSwipeState,
} from '../../presenters/discovery.js';
import { suggestIcebreakers } from '../../services/chat/suggest-icebreakers.js';
import { autoLike } from '../../services/discovery/auto-like.js';
import { blockMember } from '../../services/discovery/block-member.js';
import { findMatches } from '../../services/discovery/find-matches.js';
import { likeMember } from '../../services/discovery/like-member.js';
import { listLikes } from '../../services/discovery/list-likes.js';
import { listMatches } from '../../services/discovery/list-matches.js';
import { markLikeFromSeen } from '../../services/discovery/mark-like-from-seen.js';
import { markMatchShown } from '../../services/discovery/mark-match-shown.js';
import { saveAndFindMatches } from '../../services/discovery/save-and-find-matches.js';
import { swipeProfile } from '../../services/discovery/swipe-profile.js';
import { unblockMember } from '../../services/discovery/unblock-member.js';
import { unlikeMember } from '../../services/discovery/unlike-member.js';
import { viewSwipeGame } from '../../services/discovery/view-swipe-game.js';
import { requireUser } from '../context.js';
import { registerCall } from '../register-call.js';

/** Likes, matches, auto-like, swipe game, match finder, icebreakers and blocking (SPEC.md 2-7). */
export const discoveryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  /** The member of the request with the actor and site the policy needs. */
  const member = (req: FastifyRequest) => ({ user: requireUser(req), actor: req.actor, site: req.site });
  const now = () => deps.clock.now();

  registerCall(app, discoveryCalls.like, async (req) =>
    likeMember(deps, { ...member(req), targetId: req.body.profile }),
  );

  registerCall(app, discoveryCalls.unlike, async (req) =>
    unlikeMember(deps, { ...member(req), targetId: req.body.profile }),
  );

  registerCall(app, discoveryCalls.likes, async (req) =>
    presentLikes(await listLikes(deps, { user: requireUser(req) }), now()),
  );

  registerCall(app, discoveryCalls.likesSeen, async (req) =>
    markLikeFromSeen(deps, { user: requireUser(req), likerId: req.body.profile }),
  );

  registerCall(app, discoveryCalls.matches, async (req) =>
    presentMatches(await listMatches(deps, { user: requireUser(req), unseenOnly: req.query.unseen === '1' }), now()),
  );

  registerCall(app, discoveryCalls.matchesSeen, async (req) =>
    markMatchShown(deps, { user: requireUser(req), other: req.body.profile }),
  );

  registerCall(app, discoveryCalls.autoLike, async (req) => presentAutoLike(await autoLike(deps, member(req)), now()));

  registerCall(app, discoveryCalls.swipeState, async (req) =>
    presentSwipeState(await viewSwipeGame(deps, member(req)), now()),
  );

  registerCall(app, discoveryCalls.swipe, async (req) =>
    presentSwipeResult(await swipeProfile(deps, { ...member(req), body: req.body }), now()),
  );

  registerCall(app, discoveryCalls.matchFinder, async (req) =>
    presentMatchFinder(await findMatches(deps, member(req)), now()),
  );

  registerCall(app, discoveryCalls.saveMatchPreferences, async (req) =>
    presentMatchFinder(await saveAndFindMatches(deps, { ...member(req), prefs: req.body }), now()),
  );

  registerCall(app, discoveryCalls.icebreakers, async (req) =>
    suggestIcebreakers(deps, { ...member(req), profileId: req.query.profile, locale: req.locale }),
  );

  registerCall(app, discoveryCalls.block, async (req) =>
    blockMember(deps, { ...member(req), targetId: req.body.profile }),
  );

  registerCall(app, discoveryCalls.unblock, async (req) =>
    unblockMember(deps, { ...member(req), targetId: req.body.profile }),
  );
};
