/** Factories and requests of the fictional-profile tests (issue: back office II). */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { CLIENT_HEADER } from '@app/contracts';
import type { Db } from '../../src/db/client.js';
import { fictionalPersonas } from '../../src/db/schema.js';
import { createProfile } from './factories.js';
import type { Browser } from './server.js';

/** A fictional profile of `siteId` (no user) with a persona note and niches. */
export async function createFictional(
  db: Db,
  siteId: number,
  opts: { persona_note?: string; niches?: number[]; profile?: Parameters<typeof createProfile>[2] } = {},
) {
  const profile = await createProfile(db, siteId, { ...opts.profile, is_fictional: true, user_id: null });
  await db.insert(fictionalPersonas).values({
    profile_id: profile.id,
    persona_note: opts.persona_note ?? `Persona ${randomBytes(4).toString('hex')}`,
    niches: opts.niches ?? [],
  });
  return profile;
}

/** The body of a valid create call for site `siteId`; `overrides` replace fields. */
export function fictionalBody(siteId: number, overrides: Record<string, unknown> = {}) {
  return {
    site_id: siteId,
    name: `Fictie${randomBytes(3).toString('hex')}`,
    gender: 'female',
    sexuality: 'hetero',
    date_of_birth: '1992-04-12',
    country: 'NL',
    city: 'Utrecht',
    hair_color: 'blonde',
    eye_color: 'blue',
    body_type: 'slim',
    relationship_status: 'single',
    tattoos: 'some',
    reason: 'dating',
    interests: ['music', 'travelling'],
    description: 'Ik hou van wandelen en goede gesprekken.',
    persona_note: 'Lisa, 32, verpleegkundige; praat graag over reizen, nooit over werk.',
    niches: [1, 5],
    ...overrides,
  };
}

/**
 * POSTs multipart/form-data (`fields`, then `file` as image/jpeg) to `path` of `baseUrl` with the
 * cookies of `browser` (the staff session) and the client header; answers status, JSON and headers.
 */
export function postStaffMultipart(
  baseUrl: string,
  browser: Browser,
  path: string,
  opts: { fields?: Record<string, string>; file: Buffer },
) {
  const boundary = `----fict${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(opts.fields ?? {}).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    opts.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const body = Buffer.concat(parts);
  const headers: Record<string, string> = {
    [CLIENT_HEADER.name]: CLIENT_HEADER.value,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.length),
    cookie: `staff_sid=${browser.cookie('staff_sid') ?? ''}`,
  };
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked by the assertions
  return new Promise<{ status: number; json: any; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
