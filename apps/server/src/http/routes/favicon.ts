import { type Call, platformCalls } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.js';
import { type SiteRow, siteForDomain } from '../../services/sites/site-lookup.js';
import { requestDomain } from '../context.js';
import { registerCall } from '../register-call.js';

/** The brand coral of the web client (apps/web/src/styles/theme.scss $brand-coral, index.html theme-color); no text sits on it but the icon's large initial. */
export const FAVICON_COLOUR = '#f0544f';
/** Seconds browsers and proxies may keep an icon. */
const ICON_MAX_AGE_SECONDS = 24 * 3600;
/** Pixel sizes inside /favicon.ico (PNG-compressed entries, read by every current browser). */
const ICO_SIZES = [16, 32, 48] as const;
/** Pixel size of /apple-touch-icon.png (home-screen icon on iOS). */
const TOUCH_ICON_SIZE = 180;

/** The first letter of a site's name, upper case; a heart when the name has no letter or digit. */
export function siteInitial(name: string): string {
  const letter = Array.from(name.normalize('NFC')).find((c) => /[\p{L}\p{N}]/u.test(c));
  return letter ? letter.toLocaleUpperCase() : '♥';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The favicon of a site as SVG: the initial of its name in white on a rounded square of the theme
 * colour. `size` sets the rendered width and height (the view box is always 64).
 */
export function faviconSvg(siteName: string, size = 64): string {
  const initial = escapeXml(siteInitial(siteName));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
    `<title>${escapeXml(siteName)}</title>` +
    `<rect width="64" height="64" rx="14" fill="${FAVICON_COLOUR}"/>` +
    `<text x="32" y="45" text-anchor="middle" font-family="'DejaVu Sans', Arial, Helvetica, sans-serif" ` +
    `font-size="38" font-weight="700" fill="#fff">${initial}</text></svg>`
  );
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

function renderPng(siteName: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(faviconSvg(siteName, size)))
    .png()
    .toBuffer();
}

/** The icons of one site, rendered once per site name. */
interface SiteIcons {
  svg: string;
  ico: Promise<Buffer>;
  touch: Promise<Buffer>;
}

/**
 * Icons per site (the site is chosen by the Host header, as for every page): `GET /favicon.svg`,
 * `GET /favicon.ico` and `GET /apple-touch-icon.png`, drawn from the initial of the site's name in
 * the theme colour. Registered before the web client so these paths never fall back to index.html.
 */
export const faviconRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  // Keyed by site id and name: bounded by the number of sites, whatever Host headers arrive.
  const cache = new Map<string, SiteIcons>();
  const iconsFor = (site: SiteRow): SiteIcons => {
    const key = `${site.id}\n${site.name}`;
    let icons = cache.get(key);
    if (!icons) {
      for (const old of cache.keys()) if (old.startsWith(`${site.id}\n`)) cache.delete(old);
      icons = {
        svg: faviconSvg(site.name),
        ico: Promise.all(ICO_SIZES.map(async (size) => ({ size, png: await renderPng(site.name, size) }))).then(
          icoFromPngs,
        ),
        touch: renderPng(site.name, TOUCH_ICON_SIZE),
      };
      // A failed render is tried again on the next request.
      icons.ico.catch(() => cache.delete(key));
      icons.touch.catch(() => cache.delete(key));
      cache.set(key, icons);
    }
    return icons;
  };
  const siteOf = async (domain: string) => {
    const site = await siteForDomain({ db }, { domain });
    return site ? iconsFor(site) : null;
  };
  const routes: [call: Call, type: string, body: (icons: SiteIcons) => string | Promise<Buffer>][] = [
    [platformCalls.faviconSvg, 'image/svg+xml; charset=utf-8', (icons) => icons.svg],
    [platformCalls.faviconIco, 'image/x-icon', (icons) => icons.ico],
    [platformCalls.appleTouchIcon, 'image/png', (icons) => icons.touch],
  ];
  for (const [call, type, body] of routes) {
    registerCall(app, call, async (req, reply) => {
      const icons = await siteOf(requestDomain(req));
      if (!icons) return reply.callNotFound();
      return reply
        .type(type)
        .header('cache-control', `public, max-age=${ICON_MAX_AGE_SECONDS}`)
        .send(await body(icons));
    });
  }
};
