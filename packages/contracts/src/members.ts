import { z } from 'zod';
import { MAXIMUM_AGE, MINIMUM_AGE } from './constants.js';
import { SEARCH_WIDENINGS } from './discovery.js';
import { GENDERS } from './enums.js';
import { MemberCardSchema } from './profile.js';
import { text } from './text.js';

/** GET /api/search.php: the Search state of SPEC.md section 3 as a query. */
export const SearchQuerySchema = z.object({
  gender: z.enum(GENDERS).optional(),
  country: text().length(2).optional(),
  countryregion: text().max(16).optional(),
  min_age: z.coerce.number().int().min(MINIMUM_AGE).max(MAXIMUM_AGE).optional(),
  max_age: z.coerce.number().int().min(MINIMUM_AGE).max(MAXIMUM_AGE).optional(),
  distance: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("km from the member's own location; ignored when it is unknown"),
  verified_only: z.enum(['0', '1']).optional().describe('1: verified members only (issue: verified members)'),
  explicit: z
    .enum(['0', '1'])
    .optional()
    .describe(
      "1: the filters are the member's own choice, a filter left out means any; without it a member's " +
        'search takes the defaults of docs/matching.md (genders they look for, own age ±8) for gender and age',
    ),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(60).default(24),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** One page of search results: pageNumber (1-based), results, numResults (all pages). */
export const SearchResponseSchema = z
  .object({
    pageNumber: z.number().int(),
    results: z.array(MemberCardSchema),
    numResults: z.number().int(),
    numResultsCapped: z
      .boolean()
      .optional()
      .describe('true when there are more matches than numResults counts (it stops at 2400)'),
    similar: z
      .object({
        widened: z.array(z.enum(SEARCH_WIDENINGS)).describe('how the search was widened, in order'),
        results: z.array(MemberCardSchema),
      })
      .optional()
      .describe('only when the search found less than one page: a wider search, shown apart'),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export {
  DEFAULT_AGE_SPREAD,
  defaultAgeRange,
  type Gender,
  type GenderFit,
  interestedIn,
  mutualFit,
  type Orientation,
  type Sexuality,
  searchDefaults,
  sexualitiesInterestedIn,
} from './search-defaults.js';
