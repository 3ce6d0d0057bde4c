import { z } from 'zod';
import { NOTIFICATION_DISABLE_REASONS, USER_STATUSES } from './enums.js';
import { ALL_LOCALES } from './locales.js';
import { ProfileSchema } from './profile.js';
import { text } from './text.js';

/** The User entity of SPEC.md section 3, as GET/POST /api/user.php answer it. */
export const UserSchema = z
  .object({
    id: z.number().int(),
    email: text(),
    language: z.enum(ALL_LOCALES),
    status: z.enum(USER_STATUSES),
    credits: z.number().int().nonnegative().describe('credits'),
    paid_user: z.boolean(),
    signup_date: text().describe('ISO 8601'),
    notifications_disabled: z.array(z.enum(NOTIFICATION_DISABLE_REASONS)),
    fictional_icon: text(),
    profile: ProfileSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** POST /api/user.php: log in. */
export const LoginBodySchema = z
  .object({ email: text().trim().min(1).max(254), password: text().min(1).max(1024) })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** PUT /api/user.php: save the language of a logged-in user. */
export const UserUpdateBodySchema = z.object({ language: z.enum(ALL_LOCALES) }).meta({ id: 'UserUpdateBody' });

/** GET /api/logout.php: `all=1` ends every session of the member ("log out everywhere"). */
export const LogoutQuerySchema = z.object({ all: z.enum(['0', '1']).optional() });
export const OkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
