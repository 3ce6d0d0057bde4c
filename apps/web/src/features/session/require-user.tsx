import { Navigate, Outlet } from 'react-router';
import { useUser } from './use-user';

/** Members-area guard: renders the child route, or sends a visitor (or a silently logged-out user) to /login. */
export function RequireUser() {
  const user = useUser();
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}
