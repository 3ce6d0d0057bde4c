import { type Call, platformCalls } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.js';
import { type SiteRow, siteForDomain } from '../../services/sites/site-lookup.js';
import { createSiteIconCache, initialSvg, siteThemeColour } from '../../services/sites/web-manifest.js';
import { requestDomain } from '../context.js';
import { registerCall } from '../register-call.js';

/** Seconds browsers and proxies may keep an icon. */
const ICON_MAX_AGE_SECONDS = 24 * 3600;
/** Pixel sizes inside /favicon.ico (PNG-compressed entries, read by every current browser). */
const ICO_SIZES = [16, 32, 48] as const;
/** /apple-touch-icon.png: the 180 px home-screen icon of iOS, drawn like the app icons (logo or initial). */
const TOUCH_ICON = { size: 180, purpose: 'touch' } as const;

/**
 * The favicon of a site as SVG: the initial of its name in white on a rounded square of the site's
 * colour (THEME_COLOUR without one). `size` sets the rendered width and height (the view box is 64).
 */
export function faviconSvg(site: Pick<SiteRow, 'name' | 'colors'>, size = 64): string {
  return initialSvg(site.name, siteThemeColour(site), size);
}

/** An ICO file holding PNG images (Windows Vista's format, read by every current browser). */
function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

function renderPng(site: Pick<SiteRow, 'name' | 'colors'>, size: number): Promise<Buffer> {
  return sharp(Buffer.from(faviconSvg(site, size)))
    .png()
    .toBuffer();
}

/** The favicons of one site, rendered once per site name and colour. */
interface SiteIcons {
  svg: string;
  ico: Promise<Buffer>;
}

/**
 * Icons per site (the site is chosen by the Host header, as for every page): `GET /favicon.svg` and
 * `GET /favicon.ico`, the initial of the site's name on its colour, and `GET /apple-touch-icon.png`,
 * drawn like the installed app's icons (services/sites/web-manifest.ts: the logo when the site has
 * one). Registered before the web client so these paths never fall back to index.html.
 */
export const faviconRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Keyed by site id, name and colour: bounded by the number of sites, whatever Host headers arrive.
  const cache = new Map<string, SiteIcons>();
  const touchIcons = createSiteIconCache(deps);
  const iconsFor = (site: SiteRow): SiteIcons => {
    const key = `${site.id}\n${siteThemeColour(site)}\n${site.name}`;
    let icons = cache.get(key);
    if (!icons) {
      for (const old of cache.keys()) if (old.startsWith(`${site.id}\n`)) cache.delete(old);
      icons = {
        svg: faviconSvg(site),
        ico: Promise.all(ICO_SIZES.map(async (size) => ({ size, png: await renderPng(site, size) }))).then(icoFromPngs),
      };
      // A failed render is tried again on the next request.
      icons.ico.catch(() => cache.delete(key));
      cache.set(key, icons);
    }
    return icons;
  };
  const routes: [call: Call, type: string, body: (site: SiteRow) => string | Promise<Buffer>][] = [
    [platformCalls.faviconSvg, 'image/svg+xml; charset=utf-8', (site) => iconsFor(site).svg],
    [platformCalls.faviconIco, 'image/x-icon', (site) => iconsFor(site).ico],
    [platformCalls.appleTouchIcon, 'image/png', (site) => touchIcons.png(site, 'touch-180', TOUCH_ICON)],
  ];
  for (const [call, type, body] of routes) {
    registerCall(app, call, async (req, reply) => {
      const site = await siteForDomain(deps, { domain: requestDomain(req) });
      if (!site) return reply.callNotFound();
      return reply
        .type(type)
        .header('cache-control', `public, max-age=${ICON_MAX_AGE_SECONDS}`)
        .send(await body(site));
    });
  }
};
