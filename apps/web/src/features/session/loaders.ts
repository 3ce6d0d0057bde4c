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

/** `/signup?step=photo`: the signup steps after the form, for a member who signed up in the public pages' dialog. */
export const SIGNUP_CONTINUE_STEP = 'photo';

/**
 * Loader of /signup: a logged-in user goes to the members area (SPEC.md 2), unless they continue a
 * signup with the steps after the form (`?step=photo`); a visitor with that query gets the form.
 */
export async function redirectMemberFromSignup({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await queryClient.ensureQueryData(userQuery);
  if (!user) {
    if (new URL(request.url).searchParams.has('step')) throw redirect('/signup');
    return null;
  }
  if (new URL(request.url).searchParams.get('step') === SIGNUP_CONTINUE_STEP) return null;
  throw redirect('/members');
}

/** Loader of /members/{id}/signup: a logged-in user goes straight to that profile (SPEC.md 2). */
export async function redirectMemberToProfile({ params }: LoaderFunctionArgs): Promise<null> {
  const user = await queryClient.ensureQueryData(userQuery);
  if (user) throw redirect(`/members/${params.id ?? ''}`);
  return null;
}
