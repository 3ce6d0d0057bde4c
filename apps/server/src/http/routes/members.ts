import {
  ErrorResponseSchema,
  ProfileQuerySchema,
  ProfileViewSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchMembers } from '../../services/search-members.js';
import { viewProfile } from '../../services/view-profile.js';
import type { RouteDeps } from './deps.js';

/** Member search and profile view (SPEC.md 2, 3). */
export const memberRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/api/search.php',
    {
      schema: {
        tags: ['members'],
        summary: 'Search members; visitors only as the site allows (SPEC.md 5)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => {
      // A traffic source is the tracking cookie the client sets from the arrival query (SPEC.md 4).
      const hasTrafficSource = Boolean(req.cookies.trafficsource);
      return searchMembers(db, req.site, req.user, req.query, hasTrafficSource);
    },
  );

  app.get(
    '/api/profile.php',
    {
      schema: {
        tags: ['members'],
        summary: 'A public profile with related profiles',
        querystring: ProfileQuerySchema,
        response: { 200: ProfileViewSchema, 404: ErrorResponseSchema },
      },
    },
    async (req) => viewProfile(db, req.site, req.user, req.query.id),
  );
};
