// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capturePageBounceFlag, installPageBounce, isPageBounceEnabled } from '../src/lib/page-bounce';

afterEach(() => window.sessionStorage.clear());

describe('page-bounce logging (SPEC.md 4: query parameter lb)', () => {
  it('is off without lb', () => {
    const url = new URL('https://site.test/members?page=2');
    expect(capturePageBounceFlag(url)).toBe(false);
    expect(url.search).toBe('?page=2');
  });

  it('stores the flag and removes lb from the URL', () => {
    const url = new URL('https://site.test/?lb=1&page=2');
    expect(capturePageBounceFlag(url)).toBe(true);
    expect(url.searchParams.has('lb')).toBe(false);
    expect(isPageBounceEnabled()).toBe(true);
  });

  it('sends the empty JSON body of SPEC.md 7 when the page is hidden, nothing when it is shown', async () => {
    capturePageBounceFlag(new URL('https://site.test/?lb'));
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    installPageBounce();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).not.toHaveBeenCalled();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/page-hidden.php');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({});
  });
});
