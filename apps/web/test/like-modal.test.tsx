// @vitest-environment happy-dom
import type { MemberCard, Settings } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LikeModal } from '../src/features/match-dialog/like-modal';
import { initI18n, loadNamespaces } from '../src/lib/i18n';
import { queryClient, queryKeys } from '../src/lib/query-client';

/** A profile that liked the member, as GET /api/auto-like.php answers it. */
const liker: MemberCard = {
  id: 42,
  name: 'Sanne',
  age: 31,
  gender: 'female',
  country: 'NL',
  region: 'Utrecht',
  city: 'Utrecht',
  main_image: null,
  fictional: false,
  verified: false,
  online: false,
};

/** Answers GET /api/auto-like.php with `liker`, recording the calls. */
function stubAutoLike() {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(liker)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const autoLikeCalls = (fetchMock: ReturnType<typeof stubAutoLike>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/auto-like.php')).length;

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '*', element: <LikeModal /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('nl');
  await loadNamespaces(['discovery']);
  queryClient.setQueryData(queryKeys.settingsIn('nl'), { cdn_prefix: '/photos/' } as Settings);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the like modal after the delay of ?t= (SPEC.md 2)', () => {
  for (const [entry, seconds] of [
    ['/members?t=2', 2],
    ['/members?gender=female&t=3', 3],
    ['/likes?t=1', 1],
    ['/members?t=0', 0],
  ] as const) {
    it(`${entry}: t leaves the URL at once, the modal opens after ${seconds} s and not before`, async () => {
      vi.useFakeTimers();
      const fetchMock = stubAutoLike();
      const router = renderAt(entry);
      await act(async () => {});
      expect(router.state.location.search).not.toContain('t=');
      if (seconds > 0) {
        await act(async () => vi.advanceTimersByTime(seconds * 1000 - 1));
        expect(autoLikeCalls(fetchMock)).toBe(0);
      }
      await act(async () => vi.advanceTimersByTime(1));
      await act(async () => {});
      expect(autoLikeCalls(fetchMock)).toBe(1);
      vi.useRealTimers();
      expect(await screen.findByTestId('like-modal')).toBeTruthy();
      expect(screen.getByText(/Sanne/)).toBeTruthy();
    });
  }

  it('opens nothing without t, or with a t that is not a delay', async () => {
    vi.useFakeTimers();
    const fetchMock = stubAutoLike();
    renderAt('/members?t=soon');
    await act(async () => vi.advanceTimersByTime(3_700_000));
    expect(autoLikeCalls(fetchMock)).toBe(0);
  });
});
