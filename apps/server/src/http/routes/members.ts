import { memberCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { presentSearchResults } from '../../presenters/discovery.js';
import { presentProfileView } from '../../presenters/profile-view.js';
import { searchMembers } from '../../services/discovery/search-members.js';
import { viewProfile } from '../../services/profile/view-profile.js';
import { registerCall } from '../register-call.js';

/** Member search and profile view (SPEC.md 2, 3). */
export const memberRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, memberCalls.search, async (req) => {
    // A traffic source is the tracking cookie the client sets from the arrival query (SPEC.md 4).
    const hasTrafficSource = Boolean(req.cookies.trafficsource);
    const page = await searchMembers(deps, { site: req.site, viewer: req.user, query: req.query, hasTrafficSource });
    return presentSearchResults(page, deps.clock.now());
  });

  registerCall(app, memberCalls.profile, async (req) =>
    presentProfileView(
      await viewProfile(deps, { actor: req.actor, site: req.site, viewer: req.user, id: req.query.id }),
    ),
  );
};
