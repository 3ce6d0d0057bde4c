import {
  ErrorResponseSchema,
  ProfileQuerySchema,
  ProfileViewSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { searchMembers } from '../../services/discovery/search-members.js';
import { viewProfile } from '../../services/profile/view-profile.js';

/** Member search and profile view (SPEC.md 2, 3). */
export const memberRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.get(
    '/api/search.php',
    {
      schema: {
        tags: ['members'],
        summary: 'Search members; visitors only as the site allows (SPEC.md 5)',
        description:
          'Never shows invisible, blocked (either way) or non-active profiles. Order: online and recently ' +
          "active first, then nearest to the member's location. `distance` (km) needs a known own location. " +
          'A first page with fewer than per_page results adds `similar` results from a widened search.',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => {
      // A traffic source is the tracking cookie the client sets from the arrival query (SPEC.md 4).
      const hasTrafficSource = Boolean(req.cookies.trafficsource);
      return searchMembers(db, req.site, req.user, req.query, hasTrafficSource, clock.now());
    },
  );

  app.get(
    '/api/profile.php',
    {
      schema: {
        tags: ['members'],
        summary: 'A public profile with related profiles',
        description:
          'For members also `liked`, `liked_by` and `blocked`. 404 not_found when the profile is unknown, ' +
          'not active, or its owner blocked the viewer (SPEC.md 4).',
        querystring: ProfileQuerySchema,
        response: { 200: ProfileViewSchema, 404: ErrorResponseSchema },
      },
    },
    async (req) => viewProfile(db, req.site, req.user, req.query.id),
  );
};
