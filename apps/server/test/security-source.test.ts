import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './helpers/source-files.js';

/** Files of `dir` whose text matches `pattern`, except those in `allowed`. */
function offenders(dir: string, pattern: RegExp, allowed: string[]): string[] {
  return sourceFiles(dir).filter((file) => !allowed.includes(file) && pattern.test(readSource(file)));
}

/**
 * Standing checks over the source (docs/security.md): the kinds of hole the attack found cannot
 * come back in a new file without this test naming it.
 */
describe('security: standing source checks', () => {
  it('builds no URL from the request: Host, X-Forwarded-Host and the protocol are read in two places only', () => {
    const pattern =
      /\breq(uest)?\.(host|hostname|protocol)\b|headers\.host\b|headers\[['"](host|x-forwarded-host)['"]\]/;
    expect(
      offenders('apps/server/src', pattern, [
        // The site is found by host name (an unknown host gets the default site, never a link).
        'apps/server/src/http/context.ts',
        // HSTS only over HTTPS.
        'apps/server/src/http/security-headers.ts',
        // The WebSocket's Origin is compared with the origin the request was sent to.
        'apps/server/src/realtime/gateway.ts',
      ]),
    ).toEqual([]);
  });

  it('decides about requests by the matched route, not the raw URL', () => {
    expect(
      offenders('apps/server/src', /\breq\.url\b/, [
        // Only to tell an unmatched /api/ path (its 404 gets the site and locale) from a page.
        'apps/server/src/http/context.ts',
        'apps/server/src/http/error-handler.ts',
        // The SPA fallback: which file of the built client to send.
        'apps/server/src/app.ts',
        // The router itself: the query-flag route constraint picks between two calls of one path.
        'apps/server/src/http/register-call.ts',
      ]),
    ).toEqual([]);
  });

  it('makes every text field of the contracts refuse NUL bytes and lone surrogates (text(), not z.string())', () => {
    expect(offenders('packages/contracts/src', /\bz\.string\(/, ['packages/contracts/src/text.ts'])).toEqual([]);
  });

  it('renders no member text as HTML in the web client', () => {
    expect(offenders('apps/web/src', /dangerouslySetInnerHTML|\.innerHTML\s*=|\beval\(|new Function\(/, [])).toEqual(
      [],
    );
  });
});
