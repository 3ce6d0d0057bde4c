import { SearchQuerySchema, SearchResponseSchema } from '../members.js';
import { ProfileQuerySchema, ProfileViewSchema } from '../profile.js';
import { defineCall } from './define.js';

const tags = ['members'] as const;

/** Member search and the profile view (SPEC.md 2, 3, 5). */
export const memberCalls = {
  /** GET /api/search.php: SearchResponse; visitors only as the site allows (403), distance in km. */
  search: defineCall({
    method: 'GET',
    path: '/api/search.php',
    kind: 'json',
    query: SearchQuerySchema,
    response: SearchResponseSchema,
    errors: [400, 403],
    tags,
    summary: 'Search members; visitors only as the site allows (SPEC.md 5)',
    description:
      'Never shows invisible, blocked (either way) or non-active profiles. Order: online and recently ' +
      "active first, then nearest to the member's location. `distance` (km) needs a known own location. " +
      'A first page with fewer than per_page results adds `similar` results from a widened search.',
  }),
  /** GET /api/profile.php?id=: ProfileView; 404 not_found when unknown, inactive or blocked by its owner. */
  profile: defineCall({
    method: 'GET',
    path: '/api/profile.php',
    kind: 'json',
    query: ProfileQuerySchema,
    response: ProfileViewSchema,
    errors: [404],
    tags,
    summary: 'A public profile with related profiles',
    description:
      'For members also `liked`, `liked_by` and `blocked`. 404 not_found when the profile is unknown, ' +
      'not active, or its owner blocked the viewer (SPEC.md 4).',
  }),
};
