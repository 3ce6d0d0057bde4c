import { sessionCalls } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { detachPush } from '../../lib/push';
import { clearSession } from './clear-session';

/**
 * Logs out (GET /api/logout.php, `all` ends every session), clears member caches and goes home.
 * First this browser's push subscription is detached from the member, so the next member on a
 * shared device never gets the previous one's notifications (a later login re-attaches it).
 */
export function useLogout(): (options?: { all?: boolean }) => Promise<void> {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options = {}) => {
      try {
        await detachPush().catch(() => undefined);
        await call(sessionCalls.logout, { query: { all: options.all ? '1' : undefined } });
      } finally {
        clearSession(client);
        await navigate('/');
      }
    },
    [client, navigate],
  );
}
