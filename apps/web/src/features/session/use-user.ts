import type { User } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { userQuery } from './queries';

/** The logged-in user, or null when logged out (also while the first load is pending). */
export function useUser(): User | null {
  return useQuery(userQuery).data ?? null;
}

/** Whether a user is logged in. */
export function useIsLoggedIn(): boolean {
  return useUser() !== null;
}
