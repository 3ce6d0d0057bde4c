import { Navigate, Outlet, useNavigation } from 'react-router';
import { useUser } from './use-user';

/**
 * Members-area guard: renders the child route, or sends a visitor (or a silently logged-out user) to
 * /login. While a navigation is under way (e.g. to /account-deleted right after deleting the account,
 * which ends the session) it waits instead of racing that navigation with its own redirect.
 */
export function RequireUser() {
  const user = useUser();
  const navigation = useNavigation();
  if (!user) return navigation.state === 'idle' ? <Navigate to="/login" replace /> : null;
  return <Outlet />;
}
