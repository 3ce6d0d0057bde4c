import http from 'node:http';
import { ALL_CALLS, type Call, CLIENT_HEADER, callOperation } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/services/access/create-session.js';
import { type StaffSessionStage, startStaffSession } from '../src/services/staff/staff-sessions.js';
import { registeredOperations } from './helpers/authz-matrix.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { captureServerErrors, type FuzzResponse, responseProblem } from './helpers/fuzz-inputs.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createStaff } from './helpers/staff.js';

/**
 * Standing defence (issue 29, docs/security.md): a body the server cannot read is the sender's fault
 * wherever it arrives. Every route with a body method gets malformed JSON, form and multipart bodies
 * and empty bodies of each content type, logged out and as a member (as staff of every site on
 * /api/admin/): never a 5xx, every /api answer `{ error, message, data? }`, nothing logged as unhandled.
 */

/** A body of the matrix: its content type (undefined: no header), its bytes and extra headers. */
interface MalformedBody {
  name: string;
  contentType?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

const B = 'b';
const part = (name: string, value: string, head = '') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${head}\r\n\r\n${value}\r\n`;
const closed = (...parts: string[]) => `${parts.join('')}--${B}--\r\n`;
const multipart = (boundary = B) => `multipart/form-data; boundary=${boundary}`;
const longBoundary = 'x'.repeat(300);

const BODIES: readonly MalformedBody[] = [
  { name: 'JSON cut off', contentType: 'application/json', body: '{"a":' },
  { name: 'JSON empty', contentType: 'application/json', body: '' },
  { name: 'JSON __proto__', contentType: 'application/json', body: '{"__proto__":{"admin":true}}' },
  { name: 'JSON constructor.prototype', contentType: 'application/json', body: '{"constructor":{"prototype":{}}}' },
  { name: 'JSON invalid UTF-8', contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22]) },
  {
    name: 'JSON gzip that is not gzip',
    contentType: 'application/json',
    body: '{"a":1}',
    headers: { 'content-encoding': 'gzip' },
  },
  {
    name: 'JSON unknown encoding',
    contentType: 'application/json',
    body: '{"a":1}',
    headers: { 'content-encoding': 'x-nope' },
  },
  { name: 'form broken escapes', contentType: 'application/x-www-form-urlencoded', body: 'a=%E0%A4%A&b=%%&=&&c' },
  { name: 'form empty', contentType: 'application/x-www-form-urlencoded', body: '' },
  { name: 'form __proto__', contentType: 'application/x-www-form-urlencoded', body: '__proto__=1&constructor=2' },
  // The body of issue 29: one field and no closing boundary.
  { name: 'multipart cut off', contentType: multipart(), body: part('x', '1') },
  { name: 'multipart cut off in a header', contentType: multipart(), body: `--${B}\r\nContent-Disposition: form-da` },
  { name: 'multipart cut off in a file', contentType: multipart(), body: part('file', 'GIF89a', '; filename="a.gif"') },
  { name: 'multipart wrong boundary', contentType: multipart('other'), body: closed(part('x', '1')) },
  { name: 'multipart no boundary', contentType: 'multipart/form-data', body: closed(part('x', '1')) },
  { name: 'multipart empty boundary', contentType: 'multipart/form-data; boundary=', body: closed(part('x', '1')) },
  { name: 'multipart boundary of 300', contentType: multipart(longBoundary), body: `--${longBoundary}--\r\n` },
  { name: 'multipart empty', contentType: multipart(), body: '' },
  {
    name: 'multipart malformed header',
    contentType: multipart(),
    body: closed(`--${B}\r\nno colon here\r\n\r\n1\r\n`),
  },
  {
    name: 'multipart bad JSON field',
    contentType: multipart(),
    body: closed(part('x', '{"a":', '\r\nContent-Type: application/json')),
  },
  { name: 'multipart __proto__ field', contentType: multipart(), body: closed(part('__proto__', '1')) },
  {
    name: 'multipart 40 parts',
    contentType: multipart(),
    body: closed(...Array.from({ length: 40 }, (_, i) => part(`f${i}`, 'x'))),
  },
  { name: 'multipart/mixed', contentType: `multipart/mixed; boundary=${B}`, body: closed(part('x', '1')) },
  { name: 'text/plain', contentType: 'text/plain', body: 'hello' },
  { name: 'text/plain empty', contentType: 'text/plain', body: '' },
  { name: 'octet-stream', contentType: 'application/octet-stream', body: Buffer.from([0, 1, 2, 255]) },
  { name: 'no content type', body: 'hello' },
  { name: 'content type garbage', contentType: ';;=/"', body: 'hello' },
];

/** One route to send bodies to: method, path as sent (params filled, query flag added), whether staff. */
interface Target {
  operation: string;
  method: string;
  path: string;
  query: string;
  admin: boolean;
  /** The staff session the call needs: the TOTP step (`second_factor`) wants a password-stage one. */
  staffStage: StaffSessionStage;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function targetOf(operation: string, call?: Call): Target {
  const [method = '', url = ''] = operation.split(' ');
  const [path = '', query = ''] = url.split('?');
  return {
    operation,
    method,
    path: path.replace(/:\w+/g, '1'),
    query,
    admin: path.startsWith('/api/admin/'),
    staffStage: call?.staff === 'second_factor' ? 'password' : 'full',
  };
}

/** Every call of the contracts with a body method, and two paths no route serves (the 404 answer). */
const TARGETS: readonly Target[] = [
  ...ALL_CALLS.filter((call: Call) => BODY_METHODS.has(call.method) && call.kind !== 'websocket').map((call) =>
    targetOf(callOperation(call), call),
  ),
  targetOf('POST /api/no-such-call.php'),
  targetOf('PUT /no-such-page'),
];
type Login = 'logged out' | 'member' | 'staff';
/**
 * Who sends: logged out and as a member everywhere, and as staff on /api/admin/. On /api/admin/ the
 * request context reads only the staff cookie, so a member there is the logged-out case once more.
 */
const loginsOf = (target: Target): Login[] => (target.admin ? ['logged out', 'staff'] : ['logged out', 'member']);
const COMBINATIONS = TARGETS.reduce((sum, target) => sum + loginsOf(target).length * BODIES.length, 0);

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Sends one request over node:http (any bytes, any headers) with the client header, so a
 * state-changing call reaches its body parser; a reset connection is status 0.
 */
function sendRaw(
  url: string,
  req: { method: string; contentType?: string; body?: Buffer; cookie?: string; headers?: Record<string, string> },
): Promise<FuzzResponse> {
  const headers: Record<string, string> = {
    [CLIENT_HEADER.name]: CLIENT_HEADER.value,
    'accept-encoding': 'identity',
    ...req.headers,
  };
  if (req.cookie) headers.cookie = req.cookie;
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  if (req.body) headers['content-length'] = String(req.body.length);
  return new Promise<FuzzResponse>((resolve, reject) => {
    const r = http.request(url, { method: req.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    r.on('error', reject);
    r.end(req.body);
  }).catch((err: unknown) => ({ status: 0, text: `no response: ${String(err)}`, json: undefined }));
}

/**
 * What is wrong with an answer, or null: a 5xx or no answer; on /api an error body that is not
 * `{ error, message, data? }`; a logged-in request answered as logged out (the login did not hold,
 * so the body never reached the parser behind it).
 */
function problemOf(target: Target, login: Login, res: FuzzResponse): string | null {
  if (res.status >= 500 || res.status === 0) return `status ${res.status}`;
  if (target.path.startsWith('/api/')) {
    const problem = responseProblem(res);
    if (problem) return problem;
  }
  const loggedIn = login !== 'logged out';
  const error = (res.json as { error?: unknown } | undefined)?.error;
  // 403 authentication_required is "no session"; the mail webhook's 401 is its missing shared secret.
  return loggedIn && res.status === 403 && error === 'authentication_required' ? 'answered as logged out' : null;
}

describe.each(dbKinds())('malformed request bodies on %s', (kind) => {
  let server: TestServer;
  let serverErrors: { take(): string[] };
  let memberSid = '';
  let staffId = 0;
  let staffSid = '';
  const db = () => server.database.db;
  const newStaffSession = async (stage: Target['staffStage'] = 'full') =>
    (await startStaffSession(db(), { staffId, stage, now: new Date(), ip: null, userAgent: 'malformed' })).token;

  beforeAll(async () => {
    server = await startTestServer(kind);
    serverErrors = captureServerErrors(server.app);
    const site = await createSite(db(), { is_default: true });
    const member = await createMember(db(), site.id, { user: { paid_user: true } });
    memberSid = await createSession({ db: db() }, { userId: member.user.id, ip: null, userAgent: 'malformed' });
    staffId = (await createStaff(db(), 'admin', null)).id;
    staffSid = await newStaffSession();
  });

  afterAll(() => server?.close());

  /**
   * Sends one body to one route as one login. The staff logout and the TOTP step get a session of
   * their own (a body that parses ends it; the TOTP step wants a password-stage session).
   */
  async function send(target: Target, login: Login, body: MalformedBody): Promise<FuzzResponse> {
    let cookie: string | undefined;
    if (login === 'member') cookie = `sid=${memberSid}`;
    const fresh = target.path.endsWith('/logout.php') || target.staffStage !== 'full';
    if (login === 'staff') cookie = `staff_sid=${fresh ? await newStaffSession(target.staffStage) : staffSid}`;
    return sendRaw(`${server.url}${target.path}${target.query ? `?${target.query}` : ''}`, {
      method: target.method,
      contentType: body.contentType,
      body: Buffer.from(body.body),
      cookie,
      headers: body.headers,
    });
  }

  it('sends its bodies to every route with a body method the server registers', async () => {
    await server.app.ready();
    const tried = new Set(TARGETS.map((t) => t.operation));
    const registered = registeredOperations(server.app.printRoutes()).filter((op) =>
      BODY_METHODS.has(op.split(' ')[0]!),
    );
    expect(registered.filter((op) => !tried.has(op))).toEqual([]);
  });

  it(`answers ${COMBINATIONS} (route × body × login) malformed requests below 500, every /api one as { error, message, data? }`, async () => {
    const jobs = TARGETS.flatMap((target) =>
      loginsOf(target).flatMap((login) => BODIES.map((body) => ({ target, login, body }))),
    );
    expect(jobs).toHaveLength(COMBINATIONS);
    const problems = new Map<string, string>();
    const statuses: Record<number, number> = {};
    const started = Date.now();
    await pool(jobs, 8, async ({ target, login, body }) => {
      const res = await send(target, login, body);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const problem = problemOf(target, login, res);
      if (problem) problems.set(`${target.operation} [${body.name}] as ${login}: ${problem}`, res.text.slice(0, 200));
    });
    const logged = serverErrors.take();
    console.log(
      `security-malformed-bodies (${kind}): ${jobs.length} combinations (${TARGETS.length} routes × ${BODIES.length} bodies × logins) in ${((Date.now() - started) / 1000).toFixed(1)} s, statuses ${JSON.stringify(statuses)}`,
    );
    expect([...problems].map(([key, text]) => `${key} => ${text}`)).toEqual([]);
    expect(logged).toEqual([]);
    // The logins held to the end, so the bodies reached the parsers of the logged-in routes.
    const me = await sendRaw(`${server.url}/api/user.php`, { method: 'GET', cookie: `sid=${memberSid}` });
    expect(me.status).toBe(200);
    const staffMe = await sendRaw(`${server.url}/api/admin/me.php`, { method: 'GET', cookie: `staff_sid=${staffSid}` });
    expect(staffMe.status).toBe(200);
  }, 120_000);

  it('answers the cut-off multipart body of issue 29 with 400 validation_failed, logged out', async () => {
    const cutOff = BODIES.find((b) => b.name === 'multipart cut off')!;
    for (const operation of [
      'POST /api/unsubscribe.php',
      'POST /api/mail-webhook.php',
      'POST /api/payment-webhook.php',
    ]) {
      const res = await send(targetOf(operation), 'logged out', cutOff);
      expect(res.status, `${operation}: ${res.text}`).toBe(operation.includes('payment') ? 415 : 400);
      expect((res.json as { error?: string }).error).toBe('validation_failed');
    }
    // A stream error while a route reads the parts itself (photo upload) is a 400 as well.
    const upload = await send(targetOf('POST /api/photos.php'), 'member', cutOff);
    expect(upload.status, upload.text).toBe(400);
    expect(upload.json).toMatchObject({ error: 'validation_failed', data: { reason: 'malformed_multipart' } });
    expect(serverErrors.take()).toEqual([]);
  });
});
