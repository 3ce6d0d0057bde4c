import { createHash } from 'node:crypto';
import { localizeText, platformCalls } from '@app/contracts';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.js';
import type { SiteRow } from './site-lookup.js';

/**
 * The brand coral of the web client (apps/web/src/styles/theme.scss $brand-coral, index.html
 * theme-color): the icons' and the browser bar's colour when a site sets none. No text sits on it
 * but the icon's large initial.
 */
export const THEME_COLOUR = '#f0544f';
/** The page background of the web client ($body-bg): the installed app's splash screen flows into it. */
export const APP_BACKGROUND = '#ffffff';
/** The path the installed app opens (SPEC.md 2: member search, the home page after login). */
export const APP_START_URL = '/members';
/** Longest short_name: what fits under an icon on a phone's home screen. */
const SHORT_NAME_MAX = 12;

/** What an icon is drawn from: the site's name (its initial), logo file and colours. */
export type SiteLook = Pick<SiteRow, 'id' | 'name' | 'logo' | 'colors'>;

/**
 * How an icon is drawn: `any` a rounded square, `maskable` full bleed with the mark inside the
 * central safe circle (80 % of the side), `touch` full bleed and opaque (iOS home screen, which
 * rounds it itself), `monochrome` the white initial on transparent (Android's status bar badge).
 */
type IconPurpose = 'any' | 'maskable' | 'touch' | 'monochrome';

/** The app icons by their name under /app-icon/ (platformCalls.appIcon), with pixel size and purpose. */
export const APP_ICONS = {
  '192.png': { size: 192, purpose: 'any' },
  '512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
  'monochrome-96.png': { size: 96, purpose: 'monochrome' },
} as const satisfies Record<string, { size: number; purpose: IconPurpose }>;
export type AppIconName = keyof typeof APP_ICONS;

/** The path of app icon `name` (GET /app-icon/:name). */
export function appIconPath(name: AppIconName): string {
  return platformCalls.appIcon.path.replace(':name', name);
}

/** Whether `name` is one of the app icons of APP_ICONS. */
export function isAppIconName(name: string): name is AppIconName {
  return Object.hasOwn(APP_ICONS, name);
}

/** The web app manifest of a site (W3C Web Application Manifest); sizes in pixels. */
export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  categories: string[];
  prefer_related_applications: false;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' | 'monochrome' }[];
}

/** The site's primary colour when it is a valid `#rrggbb`, else THEME_COLOUR. */
export function siteThemeColour(site: Pick<SiteRow, 'colors'>): string {
  const primary = site.colors?.primary;
  return primary && /^#[0-9a-f]{6}$/i.test(primary) ? primary.toLowerCase() : THEME_COLOUR;
}

/** The first letter of a site's name, upper case; a heart when the name has no letter or digit. */
export function siteInitial(name: string): string {
  const letter = Array.from(name.normalize('NFC')).find((c) => /[\p{L}\p{N}]/u.test(c));
  return letter ? letter.toLocaleUpperCase() : '♥';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The app's short name: the site's name when it fits under an icon, else its first word or first letters. */
export function shortName(name: string): string {
  const trimmed = name.trim();
  const chars = Array.from(trimmed);
  if (chars.length <= SHORT_NAME_MAX) return trimmed;
  const firstWord = trimmed.split(/\s+/)[0] ?? '';
  if (Array.from(firstWord).length <= SHORT_NAME_MAX && firstWord.length > 0) return firstWord;
  return chars.slice(0, SHORT_NAME_MAX).join('');
}

/**
 * A site's mark as SVG: the initial of its name in white on the site's colour (`colour`, #rrggbb),
 * on a rounded square (`any`, the favicon), full bleed with the letter inside the safe circle
 * (`maskable`, `touch`) or the letter alone (`monochrome`). `size` sets the rendered width and
 * height in pixels; the view box is always 64.
 */
export function initialSvg(siteName: string, colour: string, size = 64, purpose: IconPurpose = 'any'): string {
  const initial = escapeXml(siteInitial(siteName));
  const fill = /^#[0-9a-f]{6}$/i.test(colour) ? colour : THEME_COLOUR;
  const isInset = purpose === 'maskable' || purpose === 'touch';
  const background =
    purpose === 'monochrome' ? '' : `<rect width="64" height="64"${isInset ? '' : ' rx="14"'} fill="${fill}"/>`;
  // Inside a mask the letter keeps to the central circle of 80 %; alone it fills the badge.
  const [fontSize, baseline] = isInset ? [30, 42.5] : purpose === 'monochrome' ? [50, 50] : [38, 45];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
    `<title>${escapeXml(siteName)}</title>${background}` +
    `<text x="32" y="${baseline}" text-anchor="middle" font-family="'DejaVu Sans', Arial, Helvetica, sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" fill="#fff">${initial}</text></svg>`
  );
}

/** Renders an SVG to PNG of its own size. */
function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The site's logo (a PNG of at most LOGO_BOX, already re-encoded on upload) on white: a rounded
 * square with a margin (`any`), or full bleed with the logo inside the safe circle (`maskable`,
 * `touch`), so a wide word mark stays whole under any mask.
 */
async function logoIconPng(logo: Buffer, size: number, purpose: 'any' | 'maskable' | 'touch'): Promise<Buffer> {
  const meta = await sharp(logo).metadata();
  const aspect = (meta.width ?? 1) / (meta.height ?? 1);
  // `any`: a box of 84 % of the side. Masked: the largest box of this aspect inside a circle of 76 %.
  const [boxWidth, boxHeight] =
    purpose === 'any'
      ? [size * 0.84, size * 0.84]
      : [(size * 0.76 * aspect) / Math.sqrt(aspect * aspect + 1), (size * 0.76) / Math.sqrt(aspect * aspect + 1)];
  const mark = await sharp(logo)
    .resize({ width: Math.max(1, Math.floor(boxWidth)), height: Math.max(1, Math.floor(boxHeight)), fit: 'inside' })
    .png()
    .toBuffer();
  const radius = purpose === 'any' ? Math.round(size * 0.22) : 0;
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<rect width="${size}" height="${size}" rx="${radius}" fill="${APP_BACKGROUND}"/></svg>`,
  );
  return sharp(card)
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/**
 * Draws one icon of a site: from its logo (`logo`, the file's bytes) when it has one, else its
 * initial on its colour; the monochrome badge is always the initial. Answers a PNG of `size` px.
 */
export async function drawSiteIcon(
  site: SiteLook,
  logo: Buffer | null,
  { size, purpose }: { size: number; purpose: IconPurpose },
): Promise<Buffer> {
  if (logo && purpose !== 'monochrome') return logoIconPng(logo, size, purpose);
  return svgToPng(initialSvg(site.name, siteThemeColour(site), size, purpose));
}

/** A short hash of what a site's icons are drawn from: it changes whenever one of them would. */
export function siteIconVersion(site: SiteLook): string {
  return createHash('sha256')
    .update(JSON.stringify([site.id, site.name, site.logo, siteThemeColour(site)]))
    .digest('base64url')
    .slice(0, 10);
}

/**
 * The web app manifest of `site` (issue: installable app; SPEC.md 2 installed-app display mode):
 * its name, description and language (the site's domain_language), start at /members in
 * standalone display, the site's primary colour as theme_color (THEME_COLOUR without one), the
 * page's white as background_color (the splash screen flows into the first paint), and the app
 * icons at /app-icon/ with a version query that changes with the site's look, so installed apps
 * pick up a new logo or colour.
 */
export function webManifest(site: SiteRow): WebManifest {
  const lng = site.domain_language.slice(0, 2).toLowerCase();
  const v = siteIconVersion(site);
  const icon = (name: AppIconName, purpose: 'any' | 'maskable' | 'monochrome') => {
    const { size } = APP_ICONS[name];
    return { src: `${appIconPath(name)}?v=${v}`, sizes: `${size}x${size}`, type: 'image/png' as const, purpose };
  };
  return {
    id: '/',
    name: site.name,
    short_name: shortName(site.name),
    description: localizeText(site.texts?.description, lng, site.description),
    lang: site.domain_language,
    dir: 'ltr',
    start_url: APP_START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: siteThemeColour(site),
    background_color: APP_BACKGROUND,
    categories: ['social', 'lifestyle'],
    prefer_related_applications: false,
    icons: [
      icon('192.png', 'any'),
      icon('512.png', 'any'),
      icon('maskable-512.png', 'maskable'),
      icon('monochrome-96.png', 'monochrome'),
    ],
  };
}

/** Draws and keeps the icons of every site (the favicon routes and the app icon routes each hold one). */
export interface SiteIconCache {
  /**
   * The PNG of icon `spec` of `site`, drawn once per site look: a change of the site's name, logo
   * or colour draws it again (and drops the old ones), so the cache holds one look per site.
   * A logo file that cannot be read falls back to the initial (logged).
   */
  png(site: SiteLook, key: string, spec: { size: number; purpose: IconPurpose }): Promise<Buffer>;
}

/** A SiteIconCache reading logos from the photo store; bounded by the number of sites and icon kinds. */
export function createSiteIconCache({ photoStore, log }: Pick<AppDeps, 'photoStore' | 'log'>): SiteIconCache {
  const bySite = new Map<
    number,
    { version: string; logo: Promise<Buffer | null>; icons: Map<string, Promise<Buffer>> }
  >();
  const entryFor = (site: SiteLook) => {
    const version = siteIconVersion(site);
    let entry = bySite.get(site.id);
    if (!entry || entry.version !== version) {
      const logo = site.logo
        ? photoStore.read(site.logo).catch((err: unknown) => {
            log('site logo not readable; the app icon shows the initial', err);
            return null;
          })
        : Promise.resolve(null);
      entry = { version, logo, icons: new Map() };
      bySite.set(site.id, entry);
    }
    return entry;
  };
  return {
    png(site, key, spec) {
      const entry = entryFor(site);
      let icon = entry.icons.get(key);
      if (!icon) {
        icon = entry.logo.then((logo) => drawSiteIcon(site, logo, spec));
        entry.icons.set(key, icon);
        // A failed drawing is tried again on the next request.
        icon.catch(() => entry.icons.delete(key));
      }
      return icon;
    },
  };
}
