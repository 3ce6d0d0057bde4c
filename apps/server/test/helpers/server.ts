import http from 'node:http';
import { CLIENT_HEADER } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { type DbKind, openTestDatabase } from './database.js';

/** A real server on a random loopback port, over a fresh database. */
export interface TestServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

/** Starts the real HTTP server (no web client) on 127.0.0.1 over a fresh database of `kind`. */
export async function startTestServer(
  kind: DbKind,
  opts: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const database = await openTestDatabase(kind);
  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data', ...opts.env }),
    logLevel: process.env.TEST_LOG ?? 'silent',
  };
  const app = await buildApp(config, database.db, opts.clock);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The default site's links go to this server, as PUBLIC_URL would send them on a real one.
  config.publicUrl ??= `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A small HTTP client that keeps cookies like a browser and sends the client header. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: string,
    private readonly host?: string,
  ) {}

  /** Sends a request; `body` is sent as JSON. Returns status, parsed JSON and headers. */
  async request(
    method: string,
    path: string,
    body?: unknown,
    opts: { clientHeader?: boolean; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.clientHeader !== false) headers[CLIENT_HEADER.name] = CLIENT_HEADER.value;
    if (this.host) headers.host = this.host;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const res = await rawRequest(
      this.baseUrl + path,
      method,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    for (const line of res.setCookies) {
      const [pair = '', ...attrs] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = res.body;
    // biome-ignore lint/suspicious/noExplicitAny: test responses are checked by the assertions
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers, setCookies: res.setCookies };
  }

  get = (path: string, opts?: { clientHeader?: boolean; headers?: Record<string, string> }) =>
    this.request('GET', path, undefined, opts);
  post = (path: string, body: unknown, opts?: { clientHeader?: boolean }) => this.request('POST', path, body, opts);
  put = (path: string, body: unknown, opts?: { clientHeader?: boolean }) => this.request('PUT', path, body, opts);

  /** The raw value of a cookie this browser holds. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Stores a cookie as a page's script would (`document.cookie`). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}

/** One HTTP request over node:http (fetch cannot set the Host header, which picks the site). */
function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders; setCookies: string[] }>(
    (resolve, reject) => {
      const req = http.request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            setCookies: res.headers['set-cookie'] ?? [],
          }),
        );
      });
      req.on('error', reject);
      if (body) req.setHeader('content-length', Buffer.byteLength(body));
      if (body) req.write(body);
      req.end();
    },
  );
}
