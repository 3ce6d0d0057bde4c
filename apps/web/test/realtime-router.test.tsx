// @vitest-environment happy-dom
import type { User } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBalanceEvents } from '../src/features/credits/use-balance-events';
import { queryKeys } from '../src/lib/query-client';
import { createRealtimeRouter, dispatchRealtimeEvent } from '../src/lib/realtime-router';

afterEach(cleanup);

describe('realtime router', () => {
  it('hands an event to the handlers of its type only', () => {
    const router = createRealtimeRouter();
    const onCredits = vi.fn();
    const onLike = vi.fn();
    router.subscribe('credits', onCredits);
    router.subscribe('like', onLike);
    router.dispatch({ type: 'credits', credits: 12 });
    expect(onCredits).toHaveBeenCalledWith({ type: 'credits', credits: 12 });
    expect(onLike).not.toHaveBeenCalled();
  });

  it('stops calling a handler after it unsubscribes', () => {
    const router = createRealtimeRouter();
    const onTyping = vi.fn();
    const unsubscribe = router.subscribe('typing', onTyping);
    router.dispatch({ type: 'typing', conversation: 3, profile: 9 });
    unsubscribe();
    router.dispatch({ type: 'typing', conversation: 3, profile: 9 });
    expect(onTyping).toHaveBeenCalledTimes(1);
  });

  it('calls two subscribers of one type in the order they subscribed; each unsubscribes on its own', () => {
    const router = createRealtimeRouter();
    const calls: string[] = [];
    const unsubscribeFirst = router.subscribe('match', (e) => calls.push(`first ${e.profile}`));
    router.subscribe('match', (e) => calls.push(`second ${e.profile}`));
    router.dispatch({ type: 'match', profile: 5 });
    unsubscribeFirst();
    router.dispatch({ type: 'match', profile: 6 });
    expect(calls).toEqual(['first 5', 'second 5', 'second 6']);
  });

  it('lets a handler unsubscribe while an event is handed out', () => {
    const router = createRealtimeRouter();
    const second = vi.fn();
    const unsubscribeSecond = router.subscribe('chats', () => unsubscribeSecond());
    router.subscribe('chats', second);
    router.dispatch({ type: 'chats' });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('ignores events nobody subscribed to', () => {
    const router = createRealtimeRouter();
    expect(() => router.dispatch({ type: 'chats' })).not.toThrow();
  });
});

describe('useBalanceEvents', () => {
  it('puts the balance of a credits event into the cached user while mounted', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.user, { credits: 0 } as unknown as User);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useBalanceEvents(), { wrapper });
    dispatchRealtimeEvent({ type: 'credits', credits: 40 });
    expect(client.getQueryData<User>(queryKeys.user)?.credits).toBe(40);
    unmount();
    dispatchRealtimeEvent({ type: 'credits', credits: 10 });
    expect(client.getQueryData<User>(queryKeys.user)?.credits).toBe(40);
  });
});
