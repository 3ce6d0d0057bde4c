// @vitest-environment happy-dom
import { APP_ROUTE_PATHS, isAppRoute } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/router';

/** Every path the client router names, joined from its nested routes ('/' for an index route). */
function routerPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const here = route.index || (route.path && !route.children) ? [own || '/'] : [];
    return [...here, ...routerPaths(route.children ?? [], own)];
  });
}

describe('the app routes the server knows (SPEC.md 2)', () => {
  const named = routerPaths(routes).filter((p) => p !== '/*' && p !== '/:token');

  it('names the same paths as the client router, so no screen answers 404 and no unknown path 200', () => {
    expect(named.length).toBeGreaterThan(40);
    expect(new Set(named)).toEqual(new Set(APP_ROUTE_PATHS));
  });

  it('takes ids as numbers, likes types and payment methods from their lists, and optional parts', () => {
    for (const path of ['/', '/members/12', '/members/12/', '/likes/mutual', '/credits/4', '/credits/4/paypal']) {
      expect(isAppRoute(path), path).toBe(true);
    }
    for (const path of ['/nonsense', '/likes/bogus', '/members/abc', '/members/0', '/credits/4/cash', '/chats/1/2']) {
      expect(isAppRoute(path), path).toBe(false);
    }
    expect(isAppRoute('/members/%E0%A4%A')).toBe(false);
    expect(isAppRoute('/landers/video/some-slug')).toBe(true);
    expect(isAppRoute('/transactions')).toBe(true);
  });
});
