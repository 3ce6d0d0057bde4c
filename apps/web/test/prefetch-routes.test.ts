// @vitest-environment happy-dom
import { PREFETCH_IDLE_MS } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type IdleScheduler,
  type Importer,
  memberScreenImporters,
  prefetchWhenIdle,
  shouldPrefetch,
  whenIdle,
} from '../src/lib/prefetch-routes';

/** A scheduler that keeps the idle callbacks until the test runs them, with the timeouts asked for. */
function manualIdle() {
  const pending: { callback: () => void; timeoutMs: number }[] = [];
  const schedule: IdleScheduler = (callback, timeoutMs) => void pending.push({ callback, timeoutMs });
  return { pending, schedule };
}

/** Lets every settled promise's handlers run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prefetchWhenIdle', () => {
  it('imports nothing until the browser is idle, then one module per idle slice, in order', async () => {
    const calls: string[] = [];
    const importer =
      (name: string): Importer =>
      () => {
        calls.push(name);
        return Promise.resolve({});
      };
    const idle = manualIdle();
    const done = prefetchWhenIdle([importer('likes'), importer('chats'), importer('profile')], {
      connection: { effectiveType: '4g' },
      schedule: idle.schedule,
    });

    await flush();
    expect(calls).toEqual([]);
    expect(idle.pending).toHaveLength(1);
    expect(idle.pending[0]?.timeoutMs).toBe(PREFETCH_IDLE_MS);

    for (const expected of [['likes'], ['likes', 'chats'], ['likes', 'chats', 'profile']]) {
      idle.pending.shift()?.callback();
      await flush();
      expect(calls).toEqual(expected);
    }
    await expect(done).resolves.toBeUndefined();
    expect(idle.pending).toEqual([]);
  });

  it('goes on after an import fails', async () => {
    const calls: string[] = [];
    const idle = manualIdle();
    const done = prefetchWhenIdle(
      [
        () => Promise.reject(new Error('chunk gone')),
        () => {
          calls.push('second');
          return Promise.resolve();
        },
      ],
      { connection: {}, schedule: idle.schedule },
    );
    idle.pending.shift()?.callback();
    await flush();
    idle.pending.shift()?.callback();
    await done;
    expect(calls).toEqual(['second']);
  });

  it('imports nothing with Save-Data on or on 2G', async () => {
    for (const connection of [{ saveData: true }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }]) {
      const importer = vi.fn(() => Promise.resolve());
      const idle = manualIdle();
      await prefetchWhenIdle([importer], { connection, schedule: idle.schedule });
      expect(idle.pending).toEqual([]);
      expect(importer).not.toHaveBeenCalled();
    }
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
  });
});

describe('whenIdle', () => {
  it('asks requestIdleCallback with the timeout', () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const callback = vi.fn();
    whenIdle(callback, PREFETCH_IDLE_MS);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: PREFETCH_IDLE_MS });
    expect(callback).not.toHaveBeenCalled();
    requestIdleCallback.mock.calls[0]?.[0]();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('falls back to a timer of the idle timeout without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback, PREFETCH_IDLE_MS);
    vi.advanceTimersByTime(PREFETCH_IDLE_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });
});

describe('memberScreenImporters', () => {
  it('takes the lazy screens behind the guard, lazy layouts above them and the member profile', () => {
    const guard = async () => null;
    const lazyOf = (name: string): RouteObject['lazy'] => Object.assign(async () => ({}), { screen: name });
    const routes: RouteObject[] = [
      {
        children: [
          {
            children: [
              { path: 'login', lazy: lazyOf('login') },
              { path: 'members/:id', handle: { name: 'members-id' }, lazy: lazyOf('profile-view') },
              {
                loader: guard,
                children: [
                  { path: 'likes', lazy: lazyOf('likes') },
                  { path: 'credits', lazy: lazyOf('credits') },
                ],
              },
            ],
          },
          { path: 'signup', lazy: lazyOf('signup') },
          {
            lazy: lazyOf('chat-layout'),
            children: [{ loader: guard, children: [{ path: 'chats/:id', lazy: lazyOf('chat') }] }],
          },
        ],
      },
    ];
    const names = memberScreenImporters(routes, (route) => route.loader === guard).map(
      (importer) => (importer as unknown as { screen: string }).screen,
    );
    expect(names).toEqual(['profile-view', 'likes', 'credits', 'chat-layout', 'chat']);
  });
});
