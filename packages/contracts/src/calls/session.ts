import { LoginBodySchema, LogoutQuerySchema, OkSchema, UserSchema, UserUpdateBodySchema } from '../user.js';
import { defineCall } from './define.js';

const tags = ['session'] as const;

/** Session calls of SPEC.md 7: log in, the current user, the interface language, log out. */
export const sessionCalls = {
  /**
   * POST /api/user.php {email, password}: User, sets the session cookie. 401 login_failed; 429
   * too_many_attempts (data.minutes) or rate_limited; 403 account_pending_deletion (SPEC.md 8).
   */
  login: defineCall({
    method: 'POST',
    path: '/api/user.php',
    kind: 'json',
    body: LoginBodySchema,
    response: UserSchema,
    errors: [400, 401, 403, 429],
    tags,
    summary:
      'Log in with email and password; sets the session cookie. 401 login_failed; 429 too_many_attempts ' +
      '(5 failures lock the account for 15 min, data.minutes) or rate_limited (IP); 403 account_pending_deletion',
  }),
  /** GET /api/user.php: the logged-in User; 403 authentication_required when logged out. */
  currentUser: defineCall({
    method: 'GET',
    path: '/api/user.php',
    kind: 'json',
    response: UserSchema,
    errors: [403],
    tags,
    summary: 'The logged-in user (403 authentication_required when logged out)',
  }),
  /** PUT /api/user.php {language}: saves the interface language (SPEC.md 7: errors ignored). */
  setLanguage: defineCall({
    method: 'PUT',
    path: '/api/user.php',
    kind: 'json',
    body: UserUpdateBodySchema,
    response: OkSchema,
    errors: [403],
    tags,
    summary: 'Save the interface language of the logged-in user',
  }),
  /** GET /api/logout.php?all=1: logs out (all sessions with all=1); a GET that needs the client header. */
  logout: defineCall({
    method: 'GET',
    path: '/api/logout.php',
    kind: 'json',
    query: LogoutQuerySchema,
    response: OkSchema,
    clientHeader: true,
    tags,
    summary: 'Log out; all=1 ends every session of the member',
  }),
};
