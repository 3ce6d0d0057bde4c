import { type LoaderFunctionArgs, redirect } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { userQuery } from './queries';

/** Route loader of the members area: a visitor is sent to /login (SPEC.md 2, 6). */
export async function requireUser(): Promise<null> {
  const user = await queryClient.ensureQueryData(userQuery);
  if (!user) throw redirect('/login');
  return null;
}

/** Route loader of home and login: a logged-in user is sent to /members (SPEC.md 2). */
export async function redirectMember(): Promise<null> {
  const user = await queryClient.ensureQueryData(userQuery);
  if (user) throw redirect('/members');
  return null;
}

/** Loader of /members/{id}/signup: a logged-in user goes straight to that profile (SPEC.md 2). */
export async function redirectMemberToProfile({ params }: LoaderFunctionArgs): Promise<null> {
  const user = await queryClient.ensureQueryData(userQuery);
  if (user) throw redirect(`/members/${params.id ?? ''}`);
  return null;
}
