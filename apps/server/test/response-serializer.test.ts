import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { checkedSerializerCompiler, trustedSerializerCompiler } from '../src/http/response-serializer.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createPhoto, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

const Answer = z.object({ id: z.number(), name: z.string(), photo: z.object({ url: z.string() }).nullable() });
const route = { schema: Answer, method: 'GET', url: '/api/example.php', httpStatus: '200' } as never;

describe('answers serialized (issue 31)', () => {
  it('sends the presented object as JSON.stringify makes it, in production', () => {
    const answer = { id: 1, name: 'Anna', photo: null };
    expect(trustedSerializerCompiler(route)(answer)).toBe(JSON.stringify(answer));
  });

  it('sends the same text after checking it against the contract in development and tests', () => {
    const answer = { name: 'Anna', id: 1, photo: { url: '/p.jpg' } };
    expect(checkedSerializerCompiler(route)(answer)).toBe(JSON.stringify(answer));
  });

  it('refuses an answer the contract does not allow, or a field it would strip', () => {
    const serialize = checkedSerializerCompiler(route);
    expect(() => serialize({ id: '1', name: 'Anna', photo: null })).toThrow(/schema/);
    const leaking = () => serialize({ id: 1, name: 'Anna', photo: null, password_hash: 'x' });
    expect(leaking).toThrow(/schema/);
    try {
      leaking();
    } catch (err) {
      expect((err as { cause: { issues: { path: string[] }[] } }).cause.issues[0]?.path).toEqual(['password_hash']);
    }
    expect(() => serialize({ id: 1, name: 'Anna', photo: { url: '/p.jpg', private: true } })).toThrow(/schema/);
  });
});

describe.each(dbKinds())('a production server on %s', (kind) => {
  let checked: TestServer;
  let production: Awaited<ReturnType<typeof buildApp>>;
  let productionUrl: string;
  let member: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    checked = await startTestServer(kind);
    const db = checked.database.db;
    const site = await createSite(db, { is_default: true });
    member = await createMember(db, site.id);
    await createPhoto(db, member.profile.id);
    // A second app over the same database, as NODE_ENV=production builds it.
    const config = {
      ...loadConfig({ LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }),
      logLevel: 'silent',
      isProduction: true,
    };
    production = await buildApp(config, db);
    await production.listen({ port: 0, host: '127.0.0.1' });
    const address = production.server.address();
    productionUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    config.publicUrl ??= checked.url;
  });
  afterAll(async () => {
    await production?.close();
    await checked?.close();
  });

  it('answers what the checked server answers', async () => {
    for (const path of ['/api/settings.php', '/api/user.php', '/api/likes.php', '/api/chats.php']) {
      const login = async (url: string) => {
        const browser = new Browser(url);
        await browser.post('/api/user.php', { email: member.email, password: member.password });
        return browser;
      };
      const [a, b] = [await (await login(checked.url)).get(path), await (await login(productionUrl)).get(path)];
      expect(b.status, path).toBe(200);
      expect(b.json, path).toEqual(a.json);
    }
  });

  it('still documents every answer in /api/openapi.json', async () => {
    const { status, json } = await new Browser(productionUrl).get('/api/openapi.json');
    expect(status).toBe(200);
    /** The properties of the schema of a call's 200 answer ($ref into the components resolved). */
    const answered = (path: string) => {
      const schema = json.paths[path].get.responses['200'].content['application/json'].schema;
      const name = String(schema.$ref ?? '').replace('#/components/schemas/', '');
      return (name ? json.components.schemas[name] : schema).properties;
    };
    expect(answered('/api/user.php')).toHaveProperty('profile');
    expect(answered('/api/search.php')).toHaveProperty('results');
    expect(answered('/api/profile.php')).toHaveProperty('related');
    expect(json).toEqual((await new Browser(checked.url).get('/api/openapi.json')).json);
  });
});
