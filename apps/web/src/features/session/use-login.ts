import { type LoginBody, sessionCalls } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** POST /api/user.php: logs in and stores the user; errors are ApiErrors with the server's message. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => call(sessionCalls.login, { body }),
    onSuccess: (user) => {
      client.setQueryData(queryKeys.user, user);
    },
  });
}
