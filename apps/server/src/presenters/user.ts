import type { User } from '@app/contracts';
import type { SiteRow } from '../db/repositories/sites.js';
import type { CurrentUser } from '../services/access/load-current-user.js';
import { presentOwnProfile } from './profile.js';

/**
 * The User entity of SPEC.md section 3 (GET /api/user.php, and the answer of login, signup,
 * activation and reactivation): the account's fields, the site's fictional_icon and the own Profile.
 */
export function presentCurrentUser(
  { user, profile, photos }: CurrentUser,
  site: Pick<SiteRow, 'fictional_icon'>,
): User {
  return {
    id: user.id,
    email: user.email,
    language: user.language as User['language'],
    status: user.status as User['status'],
    credits: user.credits,
    paid_user: user.paid_user,
    signup_date: user.signup_date.toISOString(),
    notifications_disabled: user.notifications_disabled as User['notifications_disabled'],
    fictional_icon: site.fictional_icon,
    profile: presentOwnProfile({ profile, photos }),
  };
}
