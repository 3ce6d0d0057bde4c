import type { SignupBody, User } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-client';
import { accessApi } from '../account/access-api';
import { clearDraft } from './draft';

/** POST /api/signup.php: creates the account and logs in; the draft is forgotten on success. */
export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => accessApi.signup(body),
    onSuccess: (user: User) => {
      clearDraft();
      client.setQueryData(queryKeys.user, user);
    },
  });
}
