import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FICTIONAL_MASK_EMOJI, FICTIONAL_MASK_PATH, LANDER_NAMES, nicheSlugPrefix } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { ROOT_DIR } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { fictionalPersonas, photos, profiles, sites, users } from '../src/db/schema.js';
import { loadLander, loadProfileLander } from '../src/services/public/landers.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

/**
 * The landers (SPEC.md 2; issue: public site) as a visitor's browser or a search engine receives them:
 * server-rendered HTML with title, description, hreflang alternates and text in the asked language,
 * the niche's slug prefix in the canonical URL, profiles of the niche (fictional ones labelled), the
 * video with its poster and no autoplay, and the profile landers of active profiles of the site only.
 */

const LANDERS = [...LANDER_NAMES, 'tinderswipe'] as const;
const LANGUAGES = ['nl', 'en', 'de', 'fr', 'es', 'it', 'da', 'nb', 'sv', 'fi', 'pl'];

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = new Map<string, Catalogue>();
/** A text of locales/<lng>/landers.json with `{{values}}` filled, as the page must show it. */
function text(lng: string, key: string, values: Record<string, string | number> = {}): string {
  let catalogue = catalogues.get(lng);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', lng, 'landers.json'), 'utf8')) as Catalogue;
    catalogues.set(lng, catalogue);
  }
  let node: string | Catalogue | undefined = catalogue;
  for (const part of `landers.${key}`.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${lng}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** As the head writes text (render.tsx escapeHtml). */
const head = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** As Preact writes text into the body. */
const body = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The ids of the profiles a page shows, in page order (first appearance). */
function profileIds(page: string): number[] {
  const ids = [...page.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
  return [...new Set(ids)];
}

/** The page's canonical URL. */
const canonicalOf = (page: string) => /<link rel="canonical" href="([^"]+)">/.exec(page)?.[1];

/**
 * The profile elements of a page with their fictional flag and whether the fictional label is inside:
 * each element carrying data-fictional, up to the next such element.
 */
function labelledParts(page: string): { id: number; fictional: boolean; labelled: boolean }[] {
  const parts = page.split(/(?=<[a-z]+ [^>]*data-profile-id="\d+"[^>]*data-fictional=)/).slice(1);
  return parts.map((part) => ({
    id: Number(/data-profile-id="(\d+)"/.exec(part)?.[1]),
    fictional: /^<[^>]*data-fictional="true"/.test(part),
    labelled: part.includes('data-testid="fictional-label"'),
  }));
}

interface Made {
  id: number;
  fictional: boolean;
}

/** A profile of `siteId` with an approved main photo (fictional unless `member`). */
async function withPhoto(
  db: Db,
  siteId: number,
  overrides: Parameters<typeof createProfile>[2] & { member?: boolean; photoStatus?: string } = {},
): Promise<Made> {
  const { member, photoStatus, ...fields } = overrides;
  const profile = member
    ? (await createMember(db, siteId, { profile: fields })).profile
    : await createProfile(db, siteId, { is_fictional: true, ...fields });
  const photo = await createPhoto(db, profile.id, { status: photoStatus ?? 'approved' });
  await db.update(profiles).set({ main_photo_id: photo.id }).where(eq(profiles.id, profile.id));
  return { id: profile.id, fictional: !member };
}

/** Who matches each niche (SPEC.md 9; docs/decisions/014-public-site.md) and who only fills. */
const NICHE_PEOPLE: Record<number, { match: object; fill: object; gender: 'male' | 'female' }> = {
  1: { match: { gender: 'female' }, fill: { gender: 'female' }, gender: 'female' },
  2: { match: { gender: 'male' }, fill: { gender: 'male' }, gender: 'male' },
  3: { match: { gender: 'female', interests: ['bondage', 'cooking'] }, fill: { gender: 'female' }, gender: 'female' },
  4: {
    match: { gender: 'female', body_type: 'large' },
    fill: { gender: 'female', body_type: 'slim' },
    gender: 'female',
  },
  5: { match: { gender: 'female', age: 64 }, fill: { gender: 'female', age: 40 }, gender: 'female' },
  6: { match: { gender: 'female', age: 44 }, fill: { gender: 'female', age: 25 }, gender: 'female' },
  7: { match: { gender: 'male', sexuality: 'gay' }, fill: { gender: 'male', sexuality: 'hetero' }, gender: 'male' },
};

describe.each(dbKinds())('landers on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  let webDist: string;
  const people: Record<number, { matches: Made[]; fills: Made[]; others: Made[] }> = {};
  let hidden: Made[] = [];
  let otherSiteProfile: Made;
  let disabled: Made;
  let siteName = '';

  const deps = () => ({ db, clock: systemClock });
  const siteOf = async (niche: number) =>
    (
      await db
        .select()
        .from(sites)
        .where(eq(sites.domain, `niche${niche}.test`))
    )[0]!;
  /**
   * No lander answers: the loader said no, so the route leaves the path to the member app (its page,
   * or 404 without a built client).
   */
  const expectNoLander = async (niche: number, pathName: string) => {
    const res = await get(niche, pathName);
    expect(String(res.json), pathName).not.toContain('data-lander=');
    if (res.status === 200) expect(String(res.json)).toContain('member app');
    else expect(res.status, pathName).toBe(404);
  };

  /** A page of the site of `niche` (its host picks the site). */
  const get = (niche: number, pathName: string) =>
    new Browser(server.url, `niche${niche}.test`).get(pathName, { clientHeader: false });

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'landers-dist-'));
    mkdirSync(path.join(webDist, 'media'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">member app</div>');
    for (const file of ['lander-demo.webm', 'lander-demo-poster.jpg']) {
      copyFileSync(path.join(ROOT_DIR, 'apps/web/public/media', file), path.join(webDist, 'media', file));
    }
    server = await startTestServer(kind, { env: { WEB_DIST: webDist } });
    db = server.database.db;
    for (let niche = 1; niche <= 7; niche++) {
      const site = await createSite(db, {
        is_default: niche === 1,
        domain: `niche${niche}.test`,
        niche,
        languages: LANGUAGES,
        domain_language: 'nl-NL',
        enable_site_entry_popup: 'no',
        // Niche 2's site has a video of its own; the others play the shipped clip.
        ...(niche === 2
          ? { lander_video_url: '/media/site-clip.mp4', lander_video_poster: '/media/site-poster.jpg' }
          : {}),
      });
      if (niche === 1) siteName = site.name;
      const spec = NICHE_PEOPLE[niche]!;
      const other = spec.gender === 'female' ? 'male' : 'female';
      const matches = [
        await withPhoto(db, site.id, {
          ...spec.match,
          city: 'Utrecht',
          region: 'NL-UT',
          latitude: 52.09,
          longitude: 5.12,
        }),
        await withPhoto(db, site.id, { ...spec.match, member: true, last_active_at: new Date() }),
        await withPhoto(db, site.id, { ...spec.match, member: true, city: 'Gent', country: 'BE', region: 'BE-VOV' }),
      ];
      const fills = [
        await withPhoto(db, site.id, { ...spec.fill, member: true, last_active_at: new Date() }),
        await withPhoto(db, site.id, spec.fill),
      ];
      const others = [await withPhoto(db, site.id, { gender: other, member: true, last_active_at: new Date() })];
      people[niche] = { matches, fills, others };
    }
    const site1 = await siteOf(1);
    // Never on a lander: a photo awaiting approval, a disabled profile, an invisible member, a
    // fictional profile staff keep for another niche's landers.
    disabled = await withPhoto(db, site1.id, { status: 'disabled' });
    const waiting = await withPhoto(db, site1.id, { photoStatus: 'awaiting_approval' });
    const invisible = await withPhoto(db, site1.id, { member: true, last_active_at: new Date() });
    const [invisibleRow] = await db.select().from(profiles).where(eq(profiles.id, invisible.id));
    await db.update(users).set({ invisible: true }).where(eq(users.id, invisibleRow!.user_id!));
    const otherNiche = await withPhoto(db, site1.id, {});
    await db.insert(fictionalPersonas).values({ profile_id: otherNiche.id, niches: [6] });
    const allowedNiche = await withPhoto(db, site1.id, {});
    await db.insert(fictionalPersonas).values({ profile_id: allowedNiche.id, niches: [1, 6] });
    people[1]!.matches.push(allowedNiche);
    hidden = [disabled, waiting, invisible, otherNiche];
    const other = await createSite(db, { domain: 'other.test', languages: LANGUAGES });
    otherSiteProfile = await withPhoto(db, other.id, {});
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(LANDERS)('renders %s in the asked language with its head', async (name) => {
    for (const lng of ['en', 'de']) {
      const res = await get(1, `/landers/${name}?lang=${lng}`);
      expect(res.status, `${name} ${lng}`).toBe(200);
      const page = res.json as string;
      const values = { site: siteName, audience: text(lng, 'audience.1') };
      expect(page).toContain(`<html lang="${lng}"`);
      expect(page).toContain(`<title>${head(text(lng, `${name}.title`, values))}</title>`);
      expect(page).toContain(`<meta name="description" content="${head(text(lng, `${name}.description`, values))}">`);
      for (const alternate of [...LANGUAGES, 'x-default']) {
        expect(page).toMatch(
          new RegExp(`<link rel="alternate" hreflang="${alternate}" href="http[^"]+/landers/${name}`),
        );
      }
      expect(page).toContain(`hreflang="de" href="${new URL(canonicalOf(page)!).origin}/landers/${name}?lang=de"`);
      expect(page).toContain(`<h1>${body(text(lng, `${name}.heading`, values))}</h1>`);
      expect(page).toContain('application/ld+json');
      expect(page).toContain('"@type":"WebPage"');
      // Every path leads to signup.
      expect(page).toMatch(/href="\/(members\/\d+\/)?signup"/);
    }
  });

  it('has no lander for an unknown name, a slug on tinderswipe or a malformed slug', async () => {
    const site = await siteOf(1);
    for (const [name, slug] of [
      ['nosuchlander', null],
      ['tinderswipe', 'milf'],
      ['gallery', 'not_a_slug!'],
    ] as const) {
      expect(await loadLander(deps(), { site, name, slug }), `${name}/${slug}`).toBeNull();
      await expectNoLander(1, slug ? `/landers/${name}/${slug}` : `/landers/${name}`);
    }
  });

  it.each([1, 2, 3, 4, 5, 6, 7])('niche %i: the slug prefix makes the canonical URL', async (niche) => {
    const prefix = nicheSlugPrefix(niche);
    const withPrefix = (rest: string) => (prefix ? `${prefix}-${rest}` : rest);
    const cases: [string, string][] = [
      ['/landers/gallery', prefix ? `/landers/gallery/${prefix}` : '/landers/gallery'],
      ['/landers/gallery/amsterdam', `/landers/gallery/${withPrefix('amsterdam')}`],
      [`/landers/gallery/${withPrefix('amsterdam')}`, `/landers/gallery/${withPrefix('amsterdam')}`],
      ['/landers/video/Zomer-2024', `/landers/video/${withPrefix('zomer-2024')}`],
      ['/landers/tinderswipe', '/landers/tinderswipe'],
    ];
    for (const [asked, canonical] of cases) {
      const res = await get(niche, asked);
      expect(res.status, asked).toBe(200);
      expect(new URL(canonicalOf(res.json)!).pathname, asked).toBe(canonical);
      // The default site's links go to PUBLIC_URL (here the test server); the others to their domain.
      const origin = niche === 1 ? server.url : `https://niche${niche}.test`;
      expect(canonicalOf(res.json)).toBe(`${origin}${canonical}`);
      expect(res.json).toMatch(new RegExp(`hreflang="en" href="[^"]*${canonical}\\?lang=en"`));
    }
  });

  it.each([1, 2, 3, 4, 5, 6, 7])(
    'niche %i: profiles of the niche first, filled with the same gender',
    async (niche) => {
      const { matches, fills, others } = people[niche]!;
      const page = (await get(niche, '/landers/gallery')).json as string;
      const shown = profileIds(page);
      for (const m of matches) expect(shown, `match ${m.id}`).toContain(m.id);
      for (const o of others) expect(shown, `other gender ${o.id}`).not.toContain(o.id);
      const lastMatch = Math.max(...matches.map((m) => shown.indexOf(m.id)));
      for (const f of fills) {
        // Niches 1 and 2 choose by gender alone: their "fill" profiles match too.
        expect(shown, `fill ${f.id}`).toContain(f.id);
        if (niche > 2) expect(shown.indexOf(f.id), `fill ${f.id} after the matches`).toBeGreaterThan(lastMatch);
      }
      // Fictional profiles and members both show, fictional ones labelled.
      expect(page).toContain('data-fictional="true"');
      expect(page).toContain('data-fictional="false"');
    },
  );

  it('never shows a disabled, invisible or unapproved profile, one kept for another niche, or another site', async () => {
    for (const name of LANDERS) {
      const shown = profileIds((await get(1, `/landers/${name}`)).json as string);
      for (const h of [...hidden, otherSiteProfile]) expect(shown, `${name} shows ${h.id}`).not.toContain(h.id);
    }
  });

  it.each(LANDERS)('%s labels every fictional profile it shows', async (name) => {
    const page = (await get(1, `/landers/${name}?lang=en`)).json as string;
    const parts = labelledParts(page);
    expect(parts.length, 'profiles on the page').toBeGreaterThan(0);
    for (const part of parts) {
      if (part.fictional) expect(part.labelled, `profile ${part.id} of ${name}`).toBe(true);
    }
    // The swipe deck's cards are drawn from its props: each fictional card carries the flag.
    if (name === 'tinderswipe') {
      const props = JSON.parse(
        (/data-island="swipe-deck" data-props="([^"]+)"/.exec(page)?.[1] ?? '{}')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      ) as { cards: { id: number; fictional: boolean }[]; rounds: number; fictionalLabel: string };
      expect(props.rounds).toBeGreaterThanOrEqual(3);
      expect(props.rounds).toBeLessThanOrEqual(5);
      expect(props.cards.some((c) => c.fictional)).toBe(true);
      expect(props.fictionalLabel).toBe('fictief profiel');
      expect(Object.keys(props.cards[0]!)).not.toContain('online');
    }
  });

  it('shows no online state on any lander', async () => {
    for (const name of LANDERS) {
      const page = (await get(1, `/landers/${name}?lang=en`)).json as string;
      expect(page, name).not.toMatch(/\bonline\b/i);
    }
  });

  it('plays the shipped video with a poster, controls and no autoplay, served from the build', async () => {
    for (const name of ['video', 'transitionsvideolanding']) {
      const page = (await get(1, `/landers/${name}`)).json as string;
      const video = /<video[^>]*>/.exec(page)?.[0] ?? '';
      expect(video, name).toContain('poster="/media/lander-demo-poster.jpg"');
      expect(video).toContain('controls');
      expect(video).toContain('preload="none"');
      expect(video).not.toMatch(/autoplay/i);
      expect(page).toContain('<source src="/media/lander-demo.webm" type="video/webm"');
      expect(page).toContain('data-island="video-player"');
      expect(page).toContain('"@type":"VideoObject"');
    }
    const clip = await fetch(`${server.url}/media/lander-demo.webm`);
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toMatch(/^video\/webm/);
    const poster = await fetch(`${server.url}/media/lander-demo-poster.jpg`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toMatch(/^image\/jpeg/);
    // The shipped files stay small (issue: fast landers).
    expect(statSync(path.join(ROOT_DIR, 'apps/web/public/media/lander-demo.webm')).size).toBeLessThan(400_000);
    expect(statSync(path.join(ROOT_DIR, 'apps/web/public/media/lander-demo-poster.jpg')).size).toBeLessThan(60_000);
  });

  it("plays the site's own video when it has one", async () => {
    const page = (await get(2, '/landers/video')).json as string;
    expect(page).toContain('poster="/media/site-poster.jpg"');
    expect(page).toContain('<source src="/media/site-clip.mp4" type="video/mp4"');
    expect(page).toContain('<meta property="og:image" content="https://niche2.test/media/site-poster.jpg">');
  });

  it('loads the first photo eagerly with high priority and the rest lazily, every one with its size', async () => {
    for (const name of LANDERS) {
      const page = (await get(1, `/landers/${name}`)).json as string;
      const images = [...page.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes('/photos/'));
      expect(images.length, name).toBeGreaterThan(0);
      for (const tag of images) {
        expect(tag, name).toMatch(/width="\d+"/);
        expect(tag, name).toMatch(/height="\d+"/);
        // Preact writes an empty alt (a caption names the profile) as a bare `alt`.
        expect(tag, name).toMatch(/\salt(="[^"]*")?[\s/>]/);
      }
      expect(images.filter((tag) => tag.includes('fetchpriority="high"')).length, name).toBeLessThanOrEqual(1);
    }
  });

  it('renders the profile landers of an active profile with its label, leading to its signup', async () => {
    const fictional = people[1]!.matches[0]!;
    const [row] = await db.select().from(profiles).where(eq(profiles.id, fictional.id));
    for (const [variant, pathName] of [
      ['landing', `/members/${fictional.id}/landing`],
      ['landing2', `/members/${fictional.id}/landing2/summer`],
      ['landing3', `/members/${fictional.id}/landing3`],
    ] as const) {
      for (const lng of ['en', 'de']) {
        const res = await get(1, `${pathName}?lang=${lng}`);
        expect(res.status, `${variant} ${lng}`).toBe(200);
        const page = res.json as string;
        const values = { site: siteName, name: row!.name, age: page.match(/, (\d+)/)?.[1] ?? '', place: 'Utrecht' };
        expect(page).toContain(`<html lang="${lng}"`);
        expect(page).toContain(`data-lander="${variant}"`);
        expect(page).toContain(`<meta name="description" content="${head(text(lng, 'profile.description', values))}">`);
        expect(page).toContain(`href="/members/${fictional.id}/signup"`);
        expect(page).toContain('data-testid="fictional-label"');
        // The mask is drawn as SVG, never as the emoji many devices show as an empty box.
        expect(page).toContain(`d="${FICTIONAL_MASK_PATH}"`);
        expect(page).not.toContain(FICTIONAL_MASK_EMOJI);
        // The per-profile warning belongs next to this fictional profile (DECISIONS.md).
        expect(page).toContain('Dit profiel is fictief; fysiek contact is niet mogelijk.');
        expect(page).toContain('hreflang="x-default"');
      }
    }
    expect(canonicalOf((await get(1, `/members/${fictional.id}/landing2/summer`)).json)).toMatch(
      new RegExp(`/members/${fictional.id}/landing2/summer$`),
    );
    const milfSite = people[6]!.matches[0]!;
    expect(canonicalOf((await get(6, `/members/${milfSite.id}/landing3/summer`)).json)).toMatch(
      new RegExp(`/members/${milfSite.id}/landing3/milf-summer$`),
    );
    // A member's own lander: no label, no warning, no profile text (the related profiles below have theirs).
    const member = people[1]!.matches[1]!;
    const page = (await get(1, `/members/${member.id}/landing`)).json as string;
    const spotlight = page.slice(page.indexOf('<main'), page.indexOf('id="ld-related"'));
    expect(spotlight).toContain(`data-profile-id="${member.id}"`);
    expect(spotlight).not.toContain('data-testid="fictional-label"');
    expect(spotlight).not.toContain('fysiek contact');
    expect(page).toContain(`href="/members/${member.id}/signup"`);
  });

  it("has no profile lander for another site's profile, a disabled one or a slug on /landing", async () => {
    const site = await siteOf(1);
    const cases = [
      [otherSiteProfile.id, 'landing', null],
      [otherSiteProfile.id, 'landing2', 'x'],
      [disabled.id, 'landing3', null],
      [people[1]!.matches[0]!.id, 'landing', 'extra'],
      [999999, 'landing', null],
    ] as const;
    for (const [id, variant, slug] of cases) {
      expect(await loadProfileLander(deps(), { site, id, variant, slug }), `${id} ${variant}`).toBeNull();
      await expectNoLander(1, `/members/${id}/${variant}${slug ? `/${slug}` : ''}`);
    }
  });

  it('sends a visitor without a language choice to the unqualified URL in the default language', async () => {
    const page = (await get(1, '/landers/iconslanding')).json as string;
    expect(page).toContain('<html lang="nl"');
    expect(page).toContain(`<h1>${body(text('nl', 'iconslanding.heading'))}</h1>`);
    expect(page).toContain(body(text('nl', 'iconslanding.features.honest.text', { singular: 'fictief profiel' })));
  });

  it('keeps unapproved photos out even as a main photo: the photo table answers for the lander', async () => {
    const [waiting] = await db.select().from(photos).where(eq(photos.status, 'awaiting_approval'));
    const page = (await get(1, '/landers/gallery')).json as string;
    expect(page).not.toContain(waiting!.filename);
  });
});
