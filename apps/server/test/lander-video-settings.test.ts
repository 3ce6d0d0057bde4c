import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isLanderMediaUrl, LANDER_POSTER_EXTENSIONS, LANDER_VIDEO_EXTENSIONS } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { auditLog } from '../src/db/schema.js';
import { contentSecurityPolicy, landerOrigins, policyHeader } from '../src/http/security-headers.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

/**
 * The video landers' video as staff configure it per site (issue: public site, "Video landers use a
 * video the site configures, with a poster image"): the back office saves a video and its poster
 * (both or neither, a site path or an https address of the right file type), the landers play it,
 * and only that site's Content-Security-Policy allows an https address's origin.
 */

const VIDEO = 'https://cdn.example:8443/clips/summer.mp4';
const POSTER = 'https://img.example/posters/summer.webp';

/** The directive `name` of a Content-Security-Policy, as its list of sources. */
function directive(csp: unknown, name: string): string[] {
  const found = String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

/** The paths of a validation failure's issues, with their messages. */
const issuesOf = (json: { data?: { issues?: { path: string; message: string }[] } }) =>
  Object.fromEntries((json.data?.issues ?? []).map((i) => [i.path, i.message]));

/** The opening tag of the page's video element. */
const videoTag = (page: string) => /<video[^>]*>/.exec(page)?.[0] ?? '';

describe('lander media addresses', () => {
  const video = (v: string) => isLanderMediaUrl(v, LANDER_VIDEO_EXTENSIONS);
  const poster = (v: string) => isLanderMediaUrl(v, LANDER_POSTER_EXTENSIONS);

  it('takes a site path or an https address of the right file type', () => {
    for (const ok of ['/media/clip.webm', '/clip.MP4', VIDEO, 'https://cdn.example/c.webm?sig=a1&exp=9'])
      expect(video(ok), ok).toBe(true);
    for (const ok of ['/media/p.jpg', '/p.jpeg', '/p.png', POSTER]) expect(poster(ok), ok).toBe(true);
  });

  it('refuses other schemes, other hosts through a path, climbing out, and other file types', () => {
    const bad = [
      'http://cdn.example/clip.mp4',
      '//evil.example/clip.mp4',
      '/\\evil.example/clip.mp4',
      '/media//clip.mp4',
      '/media/../secret/clip.mp4',
      '/media/%2e%2e/clip.mp4',
      'https://cdn.example/a/../clip.mp4',
      'https://user:pw@cdn.example/clip.mp4',
      'javascript:alert(1)//.mp4',
      'data:video/mp4;base64,AAAA.mp4',
      'media/clip.mp4',
      '/media/clip.mp4?x=1',
      '/media/clip.mp4 ',
      '/media/clip.mov',
      'https://cdn.example/clip.mp4.exe',
      'https://cdn.example/?file=clip.mp4',
      '/media/poster.jpg',
    ];
    for (const value of bad) expect(video(value), value).toBe(false);
    expect(poster('/media/clip.webm')).toBe(false);
    expect(poster('https://img.example/p.gif')).toBe(false);
  });

  it("puts an https video's origin in media-src and a poster's in img-src, a site path in neither", () => {
    expect(landerOrigins({ lander_video_url: VIDEO, lander_video_poster: POSTER })).toEqual({
      media: ['https://cdn.example:8443'],
      images: ['https://img.example'],
    });
    expect(landerOrigins({ lander_video_url: '/media/a.webm', lander_video_poster: '/media/a.jpg' })).toEqual({
      media: [],
      images: [],
    });
    expect(landerOrigins({ lander_video_url: 'http://cdn.example/a.mp4', lander_video_poster: null })).toEqual({
      media: [],
      images: [],
    });
    const csp = policyHeader(
      contentSecurityPolicy({ s3: null }, [], { media: ['https://cdn.example:8443'], images: ['https://img.example'] }),
    );
    expect(directive(csp, 'media-src')).toEqual(["'self'", 'blob:', 'https://cdn.example:8443']);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://img.example']);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });
});

describe.each(dbKinds())('lander video settings on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  let admin: Browser;
  let withVideo: { id: number; domain: string };
  let plain: { id: number; domain: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    db = server.database.db;
    const site = await createSite(db, { is_default: true, enable_site_entry_popup: 'no' });
    withVideo = { id: site.id, domain: site.domain };
    const other = await createSite(db, { enable_site_entry_popup: 'no' });
    plain = { id: other.id, domain: other.domain };
    admin = await loginStaff(server.url, await createStaff(db, 'admin', null));
  });
  afterAll(() => server?.close());

  /** Audit entries `site.update` of site `siteId`. */
  const audits = (siteId: number) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.update'), eq(auditLog.site_id, siteId)));

  /** A page of site `domain` as a visitor's browser asks for it. */
  const page = (domain: string, url: string) => new Browser(server.url, domain).get(url, { clientHeader: false });

  it('staff save a video and poster with an audit entry; the editor and the video landers show them', async () => {
    const res = await admin.put('/api/admin/site.php', {
      id: withVideo.id,
      lander_video_url: ` ${VIDEO} `,
      lander_video_poster: POSTER,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ lander_video_url: VIDEO, lander_video_poster: POSTER });
    const [entry, ...more] = await audits(withVideo.id);
    expect(more).toHaveLength(0);
    expect(entry?.before).toEqual({ lander_video_url: null, lander_video_poster: null });
    expect(entry?.after).toEqual({ lander_video_url: VIDEO, lander_video_poster: POSTER });

    const shown = await admin.get(`/api/admin/site.php?id=${withVideo.id}`);
    expect(shown.json).toMatchObject({ lander_video_url: VIDEO, lander_video_poster: POSTER });
    expect((await admin.get(`/api/admin/site.php?id=${plain.id}`)).json).toMatchObject({
      lander_video_url: null,
      lander_video_poster: null,
    });

    for (const url of ['/landers/video', '/landers/transitionsvideolanding']) {
      const lander = await page(withVideo.domain, url);
      expect(lander.status, url).toBe(200);
      const html = String(lander.json);
      expect(videoTag(html), url).toContain(`poster="${POSTER}"`);
      expect(videoTag(html), url).not.toMatch(/autoplay/i);
      expect(html, url).toContain(`<source src="${VIDEO}" type="video/mp4"`);
    }
    // The other site still plays the shipped clip.
    const other = String((await page(plain.domain, '/landers/video')).json);
    expect(videoTag(other)).toContain('poster="/media/lander-demo-poster.jpg"');
    expect(other).toContain('<source src="/media/lander-demo.webm"');
  });

  it("allows the video's and poster's origins in that site's policy only, never for scripts", async () => {
    await admin.put('/api/admin/site.php', { id: withVideo.id, lander_video_url: VIDEO, lander_video_poster: POSTER });
    for (const url of ['/landers/video', '/', '/api/settings.php']) {
      const csp = (await page(withVideo.domain, url)).headers['content-security-policy'];
      expect(directive(csp, 'media-src'), url).toEqual(["'self'", 'blob:', 'https://cdn.example:8443']);
      expect(directive(csp, 'img-src'), url).toContain('https://img.example');
      expect(directive(csp, 'img-src'), url).not.toContain('https://cdn.example:8443');
      expect(directive(csp, 'script-src'), url).toEqual(["'self'"]);
      expect(directive(csp, 'connect-src'), url).toEqual(["'self'"]);
    }
    for (const url of ['/landers/video', '/', '/api/settings.php']) {
      const csp = (await page(plain.domain, url)).headers['content-security-policy'];
      expect(String(csp), url).not.toContain('cdn.example');
      expect(String(csp), url).not.toContain('img.example');
      expect(directive(csp, 'media-src'), url).toEqual(["'self'", 'blob:']);
    }
  });

  it('refuses other schemes, other hosts, climbing out, other file types and half a pair, naming the field', async () => {
    const before = (await audits(plain.id)).length;
    const bad = async (body: Record<string, unknown>, expected: Record<string, string>) => {
      const res = await admin.put('/api/admin/site.php', { id: plain.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe('validation_failed');
      expect(issuesOf(res.json), JSON.stringify(body)).toMatchObject(expected);
    };
    const poster = '/media/poster.jpg';
    const video = '/media/clip.webm';
    await bad(
      { lander_video_url: 'http://cdn.example/clip.mp4', lander_video_poster: poster },
      {
        '/lander_video_url': 'lander_video_invalid',
      },
    );
    await bad(
      { lander_video_url: '//evil.example/clip.mp4', lander_video_poster: poster },
      {
        '/lander_video_url': 'lander_video_invalid',
      },
    );
    await bad(
      { lander_video_url: '/media/../../etc/clip.mp4', lander_video_poster: poster },
      {
        '/lander_video_url': 'lander_video_invalid',
      },
    );
    await bad(
      { lander_video_url: video, lander_video_poster: '../poster.jpg' },
      {
        '/lander_video_poster': 'lander_poster_invalid',
      },
    );
    await bad(
      { lander_video_url: '/media/clip.mov', lander_video_poster: '/media/poster.gif' },
      {
        '/lander_video_url': 'lander_video_invalid',
        '/lander_video_poster': 'lander_poster_invalid',
      },
    );
    await bad(
      { lander_video_url: `/media/${'a'.repeat(500)}.mp4`, lander_video_poster: poster },
      {
        '/lander_video_url': 'too_long',
      },
    );
    // Half a pair: sent together, or one sent while the site has none of the other.
    await bad({ lander_video_url: video, lander_video_poster: '' }, { '/lander_video_poster': 'lander_video_pair' });
    await bad({ lander_video_url: null, lander_video_poster: poster }, { '/lander_video_url': 'lander_video_pair' });
    await bad({ lander_video_url: video }, { '/lander_video_poster': 'lander_video_pair' });
    await bad({ lander_video_poster: poster }, { '/lander_video_url': 'lander_video_pair' });
    expect(await audits(plain.id)).toHaveLength(before);

    // The back office shows these field errors in the staff's language (English and Dutch catalogues).
    for (const lng of ['en', 'nl']) {
      const file = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', lng, 'admin-sites.json'), 'utf8'));
      for (const key of ['lander_video_invalid', 'lander_poster_invalid', 'lander_video_pair', 'too_long'])
        expect(file.issues[key], `${lng} ${key}`).toBeTruthy();
      for (const key of ['lander_video_url', 'lander_video_poster'])
        expect(file.fields[key], `${lng} ${key}`).toBeTruthy();
      expect(file.sections.video, lng).toBeTruthy();
    }
  });

  it('takes site paths (no extra origin), changes one of a stored pair, and empties both back to the shipped clip', async () => {
    const res = await admin.put('/api/admin/site.php', {
      id: plain.id,
      lander_video_url: '/media/site-clip.webm',
      lander_video_poster: '/media/site-poster.png',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    let lander = await page(plain.domain, '/landers/video');
    expect(String(lander.json)).toContain('<source src="/media/site-clip.webm" type="video/webm"');
    expect(directive(lander.headers['content-security-policy'], 'media-src')).toEqual(["'self'", 'blob:']);

    // With the pair stored, the poster alone may change.
    const posterOnly = await admin.put('/api/admin/site.php', { id: plain.id, lander_video_poster: '/media/p2.jpeg' });
    expect(posterOnly.status, JSON.stringify(posterOnly.json)).toBe(200);
    expect(videoTag(String((await page(plain.domain, '/landers/video')).json))).toContain('poster="/media/p2.jpeg"');

    const cleared = await admin.put('/api/admin/site.php', {
      id: plain.id,
      lander_video_url: '',
      lander_video_poster: '',
    });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
    expect(cleared.json).toMatchObject({ lander_video_url: null, lander_video_poster: null });
    lander = await page(plain.domain, '/landers/video');
    expect(String(lander.json)).toContain('<source src="/media/lander-demo.webm"');
    const [last] = (await audits(plain.id)).sort((a, b) => b.id - a.id);
    expect(last?.after).toEqual({ lander_video_url: null, lander_video_poster: null });
  });
});
