import type { LoginBody, User } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** POST /api/user.php: logs in and stores the user; errors are ApiErrors with the server's message. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api<User>('/api/user.php', { method: 'POST', body }),
    onSuccess: (user) => {
      client.setQueryData(queryKeys.user, user);
    },
  });
}
