/**
 * The standing check that nothing of the back office reaches a member's browser
 * (docs/decisions/010-back-office.md, "The bundle"): the build manifest's module graph of the member
 * entry holds no back-office module, catalogue or path, a member's browser loads no chunk that only
 * the back office uses, and the server answers /admin with the back office's own page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { logIn } from './access-helpers';
import { expect, test } from './fixtures';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The build the server serves: WEB_DIST, else apps/web/dist (as apps/server/src/config.ts). */
const DIST = path.resolve(process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)));
const MEMBER_ENTRY = 'index.html';
const ADMIN_ENTRY = 'admin.html';
/** The script of the server-rendered public pages (issue: public site): home, landers, legal pages. */
const PUBLIC_ENTRY = 'src/public-entry.ts';

function readManifest(): Manifest {
  const file = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web client (vite build writes it)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest keys reachable from `entry` through static and dynamic imports. */
function moduleGraph(manifest: Manifest, entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest: ${key} is imported but has no entry`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return seen;
}

/** A source of the back office: a module under src/admin/ or one of its catalogues (locales/<lng>/admin*.json). */
function isAdminSource(src: string | undefined): boolean {
  if (!src) return false;
  return /(^|\/)src\/admin\//.test(src) || /(^|\/)locales\/[^/]+\/admin[^/]*\.json$/.test(src);
}

/** The file names (under dist/) of the chunks of `keys`. */
function filesOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((key) => (manifest[key] as ManifestChunk).file));
}

/** The module scripts a page of the member site loads while `visit` runs, as paths on this server. */
async function scriptsLoaded(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  const record = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', record);
  await visit();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return scripts;
}

test.describe('the back office stays out of the member bundle', () => {
  let manifest: Manifest;
  let memberGraph: Set<string>;
  let publicGraph: Set<string>;
  let adminGraph: Set<string>;
  /** Chunk files only the back office's graph holds. */
  let adminOnly: Set<string>;

  test.beforeAll(() => {
    manifest = readManifest();
    memberGraph = moduleGraph(manifest, MEMBER_ENTRY);
    publicGraph = moduleGraph(manifest, PUBLIC_ENTRY);
    adminGraph = moduleGraph(manifest, ADMIN_ENTRY);
    const memberFiles = new Set([...filesOf(manifest, memberGraph), ...filesOf(manifest, publicGraph)]);
    adminOnly = new Set([...filesOf(manifest, adminGraph)].filter((file) => !memberFiles.has(file)));
  });

  test('the member entry imports no back-office module, catalogue or API path', () => {
    expect(manifest[MEMBER_ENTRY]?.isEntry).toBe(true);
    expect(manifest[ADMIN_ENTRY]?.isEntry).toBe(true);
    // The graph is real: the member screens and the back office's own modules are where they should be.
    expect([...memberGraph].some((key) => manifest[key]?.src?.startsWith('src/routes/'))).toBe(true);
    expect([...adminGraph].some((key) => manifest[key]?.src?.startsWith('src/admin/routes/'))).toBe(true);
    expect(adminOnly.size).toBeGreaterThan(0);

    const adminSources = [...memberGraph, ...publicGraph].filter((key) => isAdminSource(manifest[key]?.src ?? key));
    expect(adminSources, 'back-office modules in the member or public graph').toEqual([]);
    const leaking = [...filesOf(manifest, memberGraph)].filter((file) => {
      const text = readFileSync(path.join(DIST, file), 'utf8');
      return text.includes('/api/admin/') || text.includes('admin.html');
    });
    expect(leaking, "member chunks naming '/api/admin/' or 'admin.html'").toEqual([]);
    // Every back-office source the build knows is outside the member graph (and some exist).
    const adminKeys = Object.keys(manifest).filter((key) => isAdminSource(manifest[key]?.src));
    expect(adminKeys.length).toBeGreaterThan(0);
    expect(adminKeys.filter((key) => memberGraph.has(key))).toEqual([]);
  });

  test('the server answers /admin with the back office page and / without it', async ({ request }) => {
    const adminFile = `/${manifest[ADMIN_ENTRY]?.file}`;
    const memberFile = `/${manifest[MEMBER_ENTRY]?.file}`;
    const publicFile = `/${manifest[PUBLIC_ENTRY]?.file}`;
    expect(adminFile).not.toBe(memberFile);

    for (const url of ['/admin', '/admin/login', '/admin/staff']) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain('<title>Back office</title>');
      expect(html, `${url} loads the back-office entry of this build`).toContain(`src="${adminFile}"`);
      expect(html, url).not.toContain(memberFile);
    }

    // The member app's screens load the member entry; the server-rendered home page the public one.
    const login = await (await request.get('/login')).text();
    expect(login, '/login loads the member entry of this build').toContain(`src="${memberFile}"`);
    const home = await (await request.get('/')).text();
    expect(home, '/ loads the public entry of this build').toContain(`src="${publicFile}"`);
    for (const [url, html] of [
      ['/login', login],
      ['/', home],
    ] as const) {
      expect(html, url).not.toContain(adminFile);
      expect(html, url).not.toContain('admin.html');
      for (const file of adminOnly) expect(html, `${url} references the back-office chunk ${file}`).not.toContain(file);
    }
  });

  test("a member's browser loads no chunk of the back office", async ({ page }) => {
    test.setTimeout(90_000);
    const loaded: string[] = [];
    for (const url of ['/', '/login', '/signup']) {
      loaded.push(...(await scriptsLoaded(page, async () => void (await page.goto(url)))));
    }
    loaded.push(...(await scriptsLoaded(page, () => logIn(page, 'demo@example.com', 'demo1234'))));
    loaded.push(
      ...(await scriptsLoaded(page, async () => {
        await page.goto('/members');
        await expect(page.getByTestId('member-card').first()).toBeVisible();
      })),
    );

    expect(loaded).toContain(`/${manifest[MEMBER_ENTRY]?.file}`);
    expect(loaded).toContain(`/${manifest[PUBLIC_ENTRY]?.file}`);
    const fromAdmin = loaded.filter((p) => adminOnly.has(p.replace(/^\//, '')));
    expect(fromAdmin, 'scripts of the back office loaded by member pages').toEqual([]);
    const siteFiles = new Set([...filesOf(manifest, memberGraph), ...filesOf(manifest, publicGraph)]);
    const unknown = loaded.filter((p) => p.startsWith('/assets/') && !siteFiles.has(p.slice(1)));
    expect(unknown, 'scripts outside the member and public graphs of the manifest').toEqual([]);
  });
});
