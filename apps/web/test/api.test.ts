// @vitest-environment happy-dom
import { CLIENT_HEADER, HTTP_RETRIES } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, backoffDelay } from '../src/lib/api';
import { queryClient, queryKeys } from '../src/lib/query-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('sends the client header, same-origin credentials and JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api('/api/user.php', { method: 'PUT', body: { language: 'en' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user.php');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)[CLIENT_HEADER.name]).toBe(CLIENT_HEADER.value);
    expect(init.body).toBe('{"language":"en"}');
  });

  it('retries a GET on 503 up to HTTP_RETRIES times with exponential backoff', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(503, { error: 'internal_error', message: 'Down' }));
    const result = api('/api/settings.php').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // With no jitter the waits are 300, 600, 1200, 2400 and 4800 ms.
    for (let retry = 0; retry < HTTP_RETRIES; retry++) {
      const wait = 300 * 2 ** retry;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fetchMock).toHaveBeenCalledTimes(retry + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(retry + 2);
    }
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(HTTP_RETRIES + 1);
  });

  it('recovers when a retry succeeds, also after a network error', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, { name: 'Site' }));
    const result = api('/api/settings.php');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ name: 'Site' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 400 and exposes code, message and data', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: 'validation_failed',
        message: 'Controleer de ingevulde gegevens.',
        data: { field: 'email' },
      }),
    );
    const error = (await api('/api/search.php').catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      data: { field: 'email' },
    });
  });

  it('never retries a POST, even on 503', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { error: 'internal_error', message: 'Down' }));
    const result = api('/api/user.php', { method: 'POST', body: { email: 'a@b.c', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs the user out silently on 403 authentication_required', async () => {
    queryClient.setQueryData(queryKeys.user, { id: 1 });
    fetchMock.mockResolvedValue(
      jsonResponse(403, { error: 'authentication_required', message: 'Je moet ingelogd zijn.' }),
    );
    const error = (await api('/api/search.php').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('authentication_required');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
  });

  it('keeps the user on other 403 errors', async () => {
    queryClient.setQueryData(queryKeys.user, { id: 1 });
    fetchMock.mockResolvedValue(jsonResponse(403, { error: 'forbidden', message: 'Nee' }));
    await api('/api/profile.php').catch(() => undefined);
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ id: 1 });
  });

  it('computes backoff as 300 ms · 2^n plus up to 25% jitter', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, () => 0))).toEqual([300, 600, 1200, 2400, 4800]);
    expect(backoffDelay(2, () => 1)).toBe(1500);
  });
});
