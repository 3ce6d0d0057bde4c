import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsnOrigin } from '../src/http/security-headers.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

/** The values of `name` in a Content-Security-Policy header. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

const DSN = 'https://public-key@errors.example:8443/42';

/**
 * The member app's error reporting (issue: production; docs/client.md): SENTRY_CLIENT_DSN reaches
 * the browser as settings.error_reporting_dsn, and the page may connect to that origin only.
 */
describe.each(dbKinds())('client error reporting settings on %s', (kind) => {
  let withDsn: TestServer;
  let without: TestServer;

  beforeAll(async () => {
    [withDsn, without] = await Promise.all([
      startTestServer(kind, { env: { SENTRY_CLIENT_DSN: DSN } }),
      startTestServer(kind),
    ]);
    for (const server of [withDsn, without]) {
      await createSite(server.database.db, { is_default: true, name: 'Default', domain: 'default.test' });
    }
  });
  afterAll(async () => {
    await Promise.all([withDsn?.close(), without?.close()]);
  });

  it('answers the client DSN in the settings and lets pages connect to its origin', async () => {
    const res = await new Browser(withDsn.url).get('/api/settings.php');
    expect(res.status).toBe(200);
    expect(res.json.error_reporting_dsn).toBe(DSN);
    const policy = String(res.headers['content-security-policy']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://errors.example:8443']);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
  });

  it('answers null and keeps connections to the own origin without one', async () => {
    const res = await new Browser(without.url).get('/api/settings.php');
    expect(res.status).toBe(200);
    expect(res.json.error_reporting_dsn).toBeNull();
    expect(directive(String(res.headers['content-security-policy']), 'connect-src')).toEqual(["'self'"]);
  });
});

describe('dsnOrigin', () => {
  it('is the http(s) origin of a DSN, nothing for anything else', () => {
    expect(dsnOrigin('http://public@errors.invalid/1')).toEqual(['http://errors.invalid']);
    expect(dsnOrigin(DSN)).toEqual(['https://errors.example:8443']);
    expect(dsnOrigin(undefined)).toEqual([]);
    expect(dsnOrigin('not a url')).toEqual([]);
    expect(dsnOrigin("javascript:alert('x')")).toEqual([]);
  });
});
