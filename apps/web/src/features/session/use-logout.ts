import { sessionCalls } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { clearSession } from './clear-session';

/** Logs out (GET /api/logout.php, `all` ends every session), clears member caches and goes home. */
export function useLogout(): (options?: { all?: boolean }) => Promise<void> {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options = {}) => {
      try {
        await call(sessionCalls.logout, { query: { all: options.all ? '1' : undefined } });
      } finally {
        clearSession(client);
        await navigate('/');
      }
    },
    [client, navigate],
  );
}
