import { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  PHOTO_STATUSES,
  PROFILE_STATUSES,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from './enums.js';
import { text } from './text.js';

/** main_image of SPEC.md section 3; `match` is appended to the site's cdn_prefix. */
export const MainImageSchema = z
  .object({
    filename: text(),
    thumb_filename: text(),
    status: z.enum(PHOTO_STATUSES),
    match: text().describe('card-size path, relative to cdn_prefix'),
  })
  .meta({ id: 'MainImage' });
export type MainImage = z.infer<typeof MainImageSchema>;

/** A photo on a profile; a locked photo (private, viewer not premium) carries no file names. */
export const PhotoSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(PHOTO_STATUSES),
    is_private: z.boolean(),
    locked: z.boolean(),
    filename: text().nullable(),
    thumb_filename: text().nullable(),
    match: text().nullable(),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof PhotoSchema>;

/** What a search card shows (SPEC.md 2: photo, name, age, city, fictional label). */
export const MemberCardSchema = z
  .object({
    id: z.number().int(),
    name: text(),
    age: z.number().int(),
    gender: z.enum(GENDERS),
    country: text(),
    region: text().nullable(),
    city: text().nullable(),
    main_image: MainImageSchema.nullable(),
    fictional: z.boolean(),
    verified: z
      .boolean()
      .describe(
        'the face was verified against the current main image (issue: verified members); never a fictional profile',
      ),
    online: z.boolean().describe('true only when the member really was active in the last 5 minutes'),
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof MemberCardSchema>;

/** Profile entity of SPEC.md section 3. */
export const ProfileSchema = MemberCardSchema.extend({
  status: z.enum(PROFILE_STATUSES),
  sexuality: z.enum(SEXUALITIES),
  date_of_birth: text().nullable().describe('YYYY-MM-DD; only on the own profile'),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  tattoos: z.enum(TATTOOS).nullable(),
  reason: z.enum(REASONS).nullable(),
  interests: z.array(text()),
  description: text(),
  photos: z.array(PhotoSchema),
}).meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /api/profile.php?id=: a public profile with related profiles. */
export const ProfileViewSchema = z
  .object({
    profile: ProfileSchema,
    related: z.array(MemberCardSchema),
    liked: z.boolean().optional().describe('the viewer likes this profile'),
    liked_by: z.boolean().optional().describe('this profile likes the viewer'),
    blocked: z.boolean().optional().describe('the viewer has blocked this profile'),
  })
  .meta({ id: 'ProfileView' });
export type ProfileView = z.infer<typeof ProfileViewSchema>;
export const ProfileQuerySchema = z.object({ id: z.coerce.number().int().positive() });
