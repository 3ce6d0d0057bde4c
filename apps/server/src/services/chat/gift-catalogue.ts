import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { PhotoStore } from '../../storage/photo-store.js';

/** A gift of the demo catalogue: Dutch name, price in credits, and its drawing (SVG shapes on a 128 px canvas). */
export interface GiftDesign {
  key: string;
  name: string;
  credits: number;
  svg: string;
}

const canvas = (bg: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 128 128">` +
  `<circle cx="64" cy="64" r="62" fill="${bg}"/>${body}</svg>`;
const heartPath = (x: number, y: number, s: number, fill: string) =>
  `<path transform="translate(${x} ${y}) scale(${s})" fill="${fill}" d="M0 -8C-6 -20 -26 -18 -26 -2C-26 12 -8 22 0 30C8 22 26 12 26 -2C26 -18 6 -20 0 -8Z"/>`;
const starPoints = (cx: number, cy: number, outer: number, inner: number) =>
  Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

/** The demo site's gifts (seeded by seed/chat.ts); images are drawn, not downloaded. */
export const GIFT_DESIGNS: GiftDesign[] = [
  {
    key: 'roos',
    name: 'Rode roos',
    credits: 25,
    svg: canvas(
      '#fde8ea',
      '<path d="M64 70 L64 112" stroke="#2e7d32" stroke-width="5"/><ellipse cx="52" cy="94" rx="12" ry="6" fill="#43a047" transform="rotate(-30 52 94)"/>' +
        '<circle cx="64" cy="50" r="22" fill="#c62828"/><circle cx="54" cy="44" r="12" fill="#e53935"/><circle cx="74" cy="44" r="12" fill="#e53935"/><circle cx="64" cy="56" r="12" fill="#b71c1c"/><circle cx="64" cy="46" r="7" fill="#8e0000"/>',
    ),
  },
  { key: 'hart', name: 'Hartje', credits: 25, svg: canvas('#ffe3e6', heartPath(64, 58, 1.5, '#e63946')) },
  {
    key: 'zonnetje',
    name: 'Zonnetje',
    credits: 30,
    svg: canvas(
      '#e3f2fd',
      `${Array.from({ length: 12 }, (_, i) => `<rect x="61" y="12" width="6" height="18" rx="3" fill="#f9a825" transform="rotate(${i * 30} 64 64)"/>`).join('')}<circle cx="64" cy="64" r="26" fill="#fbc02d"/>`,
    ),
  },
  {
    key: 'ster',
    name: 'Ster',
    credits: 35,
    svg: canvas(
      '#ede7f6',
      `<polygon points="${starPoints(64, 66, 46, 20)}" fill="#ffb300" stroke="#ff8f00" stroke-width="3"/>`,
    ),
  },
  {
    key: 'cadeautje',
    name: 'Cadeautje',
    credits: 40,
    svg: canvas(
      '#e8f5e9',
      '<rect x="28" y="52" width="72" height="52" rx="4" fill="#e63946"/><rect x="22" y="40" width="84" height="16" rx="3" fill="#d62839"/>' +
        '<rect x="58" y="40" width="12" height="64" fill="#ffd166"/><ellipse cx="52" cy="36" rx="14" ry="8" fill="#ffd166"/><ellipse cx="76" cy="36" rx="14" ry="8" fill="#ffd166"/>',
    ),
  },
  {
    key: 'chocolade',
    name: 'Chocolade',
    credits: 50,
    svg: canvas(
      '#fff3e0',
      '<rect x="34" y="24" width="60" height="82" rx="6" fill="#5d4037"/>' +
        `${[0, 1, 2, 3].map((r) => [0, 1].map((c) => `<rect x="${40 + c * 26}" y="${30 + r * 19}" width="22" height="15" rx="2" fill="#795548"/>`).join('')).join('')}` +
        '<path d="M34 80 L94 66 L94 106 L34 106Z" fill="#c0392b"/>',
    ),
  },
  {
    key: 'taart',
    name: 'Taartje',
    credits: 60,
    svg: canvas(
      '#fce4ec',
      '<rect x="30" y="62" width="68" height="40" rx="6" fill="#f8bbd0"/><rect x="30" y="62" width="68" height="12" rx="6" fill="#fff"/>' +
        '<rect x="61" y="38" width="6" height="24" fill="#90caf9"/><ellipse cx="64" cy="32" rx="5" ry="8" fill="#ff9800"/><circle cx="46" cy="86" r="4" fill="#e91e63"/><circle cx="82" cy="86" r="4" fill="#e91e63"/>',
    ),
  },
  {
    key: 'champagne',
    name: 'Champagne',
    credits: 75,
    svg: canvas(
      '#f3e5f5',
      '<path d="M48 26 L80 26 L76 60 Q64 72 52 60Z" fill="#ffe082" stroke="#bdbdbd" stroke-width="2"/><rect x="62" y="66" width="4" height="30" fill="#bdbdbd"/><rect x="48" y="96" width="32" height="5" rx="2" fill="#bdbdbd"/>' +
        '<circle cx="60" cy="44" r="2" fill="#fff"/><circle cx="68" cy="36" r="2" fill="#fff"/><circle cx="64" cy="52" r="2" fill="#fff"/>',
    ),
  },
  {
    key: 'teddybeer',
    name: 'Teddybeer',
    credits: 100,
    svg: canvas(
      '#e0f7fa',
      '<circle cx="40" cy="38" r="13" fill="#8d6e63"/><circle cx="88" cy="38" r="13" fill="#8d6e63"/><circle cx="64" cy="62" r="34" fill="#a1887f"/>' +
        '<ellipse cx="64" cy="74" rx="16" ry="12" fill="#d7ccc8"/><circle cx="52" cy="56" r="4" fill="#3e2723"/><circle cx="76" cy="56" r="4" fill="#3e2723"/><ellipse cx="64" cy="70" rx="6" ry="4" fill="#3e2723"/>',
    ),
  },
  {
    key: 'diamant',
    name: 'Diamant',
    credits: 150,
    svg: canvas(
      '#e8eaf6',
      '<polygon points="40,44 88,44 104,60 64,104 24,60" fill="#4fc3f7" stroke="#0288d1" stroke-width="3"/><polygon points="40,44 52,60 64,44 76,60 88,44" fill="#b3e5fc"/>' +
        '<path d="M24 60 L104 60 M52 60 L64 104 L76 60" stroke="#0288d1" stroke-width="2" fill="none"/>',
    ),
  },
];

/** Stored path of a gift image, relative to the site's cdn_prefix. */
export const giftImagePath = (key: string) => `gifts/${key}.png`;

/** Renders a gift drawing as a 256 px PNG. */
export async function renderGift(design: GiftDesign): Promise<Buffer> {
  return sharp(Buffer.from(design.svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Makes sure the demo gift images exist where photos are served: missing files are drawn into
 * PHOTO_DIR/gifts (a folder store), or put into the bucket once per start (S3). Cheap when present.
 */
export async function ensureGiftImages(config: Config, store: PhotoStore): Promise<void> {
  if (config.s3) {
    await Promise.all(GIFT_DESIGNS.map(async (d) => store.put(giftImagePath(d.key), await renderGift(d), 'image/png')));
    return;
  }
  const dir = path.join(config.photoDir, 'gifts');
  const missing = GIFT_DESIGNS.filter((d) => !existsSync(path.join(dir, `${d.key}.png`)));
  if (missing.length === 0) return;
  await mkdir(dir, { recursive: true });
  await Promise.all(missing.map(async (d) => writeFile(path.join(dir, `${d.key}.png`), await renderGift(d))));
}
