// @vitest-environment happy-dom
/**
 * Switching language refetches the answers that hold texts from the database (gift names) once the
 * server has saved the new language (docs/decisions/019-catalogue-texts.md); nothing else is refetched.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; body: unknown }[] = [];
vi.mock('../src/lib/api', () => ({
  call: vi.fn(async (descriptor: { path: string }, input: { body?: unknown }) => {
    calls.push({ path: descriptor.path, body: input?.body });
    return { ok: true };
  }),
}));
vi.mock('../src/lib/i18n', () => ({ switchLanguage: vi.fn(async () => undefined) }));
vi.mock('../src/features/session/use-user', () => ({ useUser: () => ({ id: 1 }) }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ i18n: { language: 'nl' } }) }));

const { useLanguage } = await import('../src/features/session/use-language');

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('useLanguage', () => {
  it('saves the language, then marks the gift catalogue and the conversations stale, not the settings', async () => {
    const client = new QueryClient();
    for (const key of [['gifts'], ['chat', { conversation: 3 }], ['settings', 'nl'], ['chats']]) {
      client.setQueryData(key, { cached: true });
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLanguage(), { wrapper });
    await act(async () => {
      await result.current.setLanguage('de');
    });
    await vi.waitFor(() => expect(client.getQueryState(['gifts'])?.isInvalidated).toBe(true));
    expect(calls).toEqual([{ path: '/api/user.php', body: { language: 'de' } }]);
    expect(client.getQueryState(['chat', { conversation: 3 }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['settings', 'nl'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['chats'])?.isInvalidated).toBe(false);
  });
});
