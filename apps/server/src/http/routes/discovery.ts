import { discoveryCalls } from '@app/contracts';
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
import { registerCall } from '../register-call.js';

/** Likes, matches, auto-like, swipe game, match finder, icebreakers and blocking (SPEC.md 2-7). */
export const discoveryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, clock } = deps;

  registerCall(app, discoveryCalls.like, async (req) => likeMember(deps, req.site, requireUser(req), req.body.profile));

  registerCall(app, discoveryCalls.unlike, async (req) =>
    unlikeMember(db, req.site, requireUser(req), req.body.profile),
  );

  registerCall(app, discoveryCalls.likes, async (req) => listLikes(db, clock, requireUser(req)));

  registerCall(app, discoveryCalls.likesSeen, async (req) => markLikeFromSeen(db, requireUser(req), req.body.profile));

  registerCall(app, discoveryCalls.matches, async (req) =>
    listMatches(db, clock, requireUser(req), req.query.unseen === '1'),
  );

  registerCall(app, discoveryCalls.matchesSeen, async (req) => markMatchShown(db, requireUser(req), req.body.profile));

  registerCall(app, discoveryCalls.autoLike, async (req) => autoLike(deps, req.site, requireUser(req)));

  registerCall(app, discoveryCalls.swipeState, async (req) => swipeState(deps, req.site, requireUser(req)));

  registerCall(app, discoveryCalls.swipe, async (req) => swipe(deps, req.site, requireUser(req), req.body));

  registerCall(app, discoveryCalls.matchFinder, async (req) => findMatches(deps, req.site, requireUser(req)));

  registerCall(app, discoveryCalls.saveMatchPreferences, async (req) =>
    saveAndFindMatches(deps, req.site, requireUser(req), req.body),
  );

  registerCall(app, discoveryCalls.icebreakers, async (req) =>
    icebreakers(db, req.site, requireUser(req), req.query.profile, req.locale),
  );

  registerCall(app, discoveryCalls.block, async (req) =>
    blockMember(deps, req.site, requireUser(req), req.body.profile),
  );

  registerCall(app, discoveryCalls.unblock, async (req) =>
    unblockMember(deps, req.site, requireUser(req), req.body.profile),
  );
};
