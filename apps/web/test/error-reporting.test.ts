// @vitest-environment happy-dom
import type { Breadcrumb, ErrorEvent } from '@sentry/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api';
import type { Reporter, ReporterOptions } from '../src/lib/error-reporter';
import { scrubBreadcrumb, scrubEvent, withoutQuery } from '../src/lib/error-reporter';
import {
  isReportableRouteError,
  reportError,
  startErrorReporting,
  stopErrorReporting,
} from '../src/lib/error-reporting';

const DSN = 'https://public@errors.example/1';
/** The `cookie_consent` values of "Accept all", "Necessary only" and marketing alone. */
const ACCEPT_ALL = 'cookie_consent=v1.s1.m1.t1735689600';
const NECESSARY_ONLY = 'cookie_consent=v1.s0.m0.t1735689600';
const MARKETING_ONLY = 'cookie_consent=v1.s0.m1.t1735689600';

/** A document stand-in: its cookie string and the clicks the reporting listens to. */
function fakeDocument(cookie = '') {
  return Object.assign(new EventTarget(), { cookie }) as unknown as Document & { cookie: string };
}

/** A loader whose reporter records what it was given and asked. */
function fakeLoader() {
  const captured: unknown[] = [];
  const started: ReporterOptions[] = [];
  let stops = 0;
  const load = vi.fn(async () => (options: ReporterOptions): Reporter => {
    started.push(options);
    return {
      capture: (error) => void captured.push(error),
      stop: async () => {
        stops += 1;
      },
    };
  });
  return { load, captured, started, stops: () => stops };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const click = (doc: Document) => doc.dispatchEvent(new Event('click'));

afterEach(async () => {
  await stopErrorReporting();
});

describe('startErrorReporting', () => {
  it('loads nothing without a DSN, even with consent', async () => {
    const loader = fakeLoader();
    startErrorReporting(
      { error_reporting_dsn: null },
      { memberId: () => 7, load: loader.load, doc: fakeDocument(ACCEPT_ALL) },
    );
    await flush();
    expect(loader.load).not.toHaveBeenCalled();
  });

  it('waits for statistics consent, then starts with the DSN and reports; errors from before are not kept', async () => {
    const loader = fakeLoader();
    const doc = fakeDocument(MARKETING_ONLY);
    startErrorReporting({ error_reporting_dsn: DSN }, { memberId: () => 42, load: loader.load, doc });
    reportError(new Error('before consent'));
    click(doc);
    await flush();
    expect(loader.load).not.toHaveBeenCalled();

    doc.cookie = ACCEPT_ALL;
    click(doc);
    click(doc);
    await flush();
    expect(loader.load).toHaveBeenCalledOnce();
    expect(loader.started).toHaveLength(1);
    expect(loader.started[0]?.dsn).toBe(DSN);
    expect(loader.started[0]?.memberId()).toBe(42);
    expect(loader.started[0]?.isAllowed()).toBe(true);

    const boom = new Error('boom');
    reportError(boom);
    expect(loader.captured).toEqual([boom]);
  });

  it('stops when the choice no longer allows statistics, and sends nothing after', async () => {
    const loader = fakeLoader();
    const doc = fakeDocument(ACCEPT_ALL);
    startErrorReporting({ error_reporting_dsn: DSN }, { memberId: () => null, load: loader.load, doc });
    await flush();
    expect(loader.started).toHaveLength(1);

    doc.cookie = NECESSARY_ONLY;
    expect(loader.started[0]?.isAllowed()).toBe(false);
    doc.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(loader.stops()).toBe(1);
    reportError(new Error('after withdrawal'));
    expect(loader.captured).toEqual([]);
  });
});

describe('isReportableRouteError', () => {
  it('reports faults, not 4xx answers or stale chunks', () => {
    expect(isReportableRouteError(new Error('render failed'))).toBe(true);
    expect(isReportableRouteError(new ApiError(500, 'internal_error', 'Oops'))).toBe(true);
    expect(isReportableRouteError(new ApiError(404, 'not_found', 'Gone'))).toBe(false);
    expect(isReportableRouteError(new ApiError(403, 'authentication_required', 'Log in'))).toBe(false);
    expect(isReportableRouteError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      false,
    );
  });
});

describe('scrubEvent', () => {
  const event = {
    type: undefined,
    exception: { values: [{ type: 'Error', value: 'boom' }] },
    user: { id: '1', email: 'demo@example.com', ip_address: '10.0.0.1' },
    request: {
      url: 'https://site.example/members/9/chat?text=Hallo%20daar#end',
      headers: { 'User-Agent': 'Chromium', Referer: 'https://site.example/chats?q=secret' },
      data: { text: 'Hallo daar' },
      cookies: { sid: 'abc' },
      query_string: 'text=Hallo%20daar',
    },
    extra: { message: 'Hallo daar' },
    contexts: { browser: { name: 'Chrome' }, state: { draft: 'Hallo daar' }, trace: { trace_id: 'x' } },
    breadcrumbs: [
      { category: 'console', message: 'Hallo daar' },
      { category: 'ui.input', message: 'textarea#message' },
      {
        category: 'fetch',
        type: 'http',
        data: { method: 'POST', url: '/api/message.php?draft=Hallo', status_code: 200, body: 'Hallo daar' },
      },
      { category: 'navigation', data: { from: '/members?gender=female', to: '/members/9/chat?text=Hallo' } },
    ],
  } as unknown as ErrorEvent;

  it('keeps the member id, the error and the address without query; drops everything a member wrote', () => {
    const scrubbed = scrubEvent(event, 42);
    expect(scrubbed.user).toEqual({ id: '42' });
    expect(scrubbed.exception).toEqual(event.exception);
    expect(scrubbed.request).toEqual({
      url: 'https://site.example/members/9/chat',
      headers: { 'User-Agent': 'Chromium' },
    });
    expect(scrubbed.extra).toBeUndefined();
    expect(Object.keys(scrubbed.contexts ?? {})).toEqual(['browser', 'trace']);
    expect(scrubbed.breadcrumbs).toEqual([
      expect.objectContaining({
        category: 'fetch',
        data: { method: 'POST', url: '/api/message.php', status_code: 200 },
      }),
      expect.objectContaining({ category: 'navigation', data: { from: '/members', to: '/members/9/chat' } }),
    ]);
    expect(JSON.stringify(scrubbed)).not.toMatch(/Hallo|secret|demo@example|abc|10\.0\.0\.1/);
  });

  it('sends no user for a visitor', () => {
    expect(scrubEvent(event, null).user).toBeUndefined();
  });

  it('drops console and input breadcrumbs as they are recorded', () => {
    expect(scrubBreadcrumb({ category: 'console', message: 'x' } as Breadcrumb)).toBeNull();
    expect(scrubBreadcrumb({ category: 'ui.input', message: 'x' } as Breadcrumb)).toBeNull();
    expect(withoutQuery('/a/b?c=d#e')).toBe('/a/b');
    expect(withoutQuery('/a/b#e')).toBe('/a/b');
  });
});
