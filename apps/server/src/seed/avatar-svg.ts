/**
 * A stylised head-and-shoulders portrait as SVG (800x800), so demo members get distinct, friendly
 * pictures without stock photos of real people. Every choice (skin, clothes, hair style, glasses,
 * beard, background) comes from the seed; hair colour and gender come from the profile so the picture
 * agrees with what the profile says. A `variant` keeps the person and changes background, clothes and
 * expression, so a member's second photo shows the same face.
 * Speed: only vertical gradients, fill-opacity instead of opacity, no clip paths; diagonal and radial
 * gradients, group opacity and clipping each cost librsvg several milliseconds per 800x800 image.
 */
import type { HAIR_COLORS } from '@app/contracts';
import { mulberry32, pickOne, type Rand } from './random.js';

/**
 * What the picture must agree with. `initials` (1-2 letters) are drawn small in a corner when given;
 * `variant` (default 0) picks another photo of the same person.
 */
export interface AvatarLook {
  gender: 'male' | 'female';
  hair_color: (typeof HAIR_COLORS)[number] | null;
  initials?: string;
  variant?: number;
}

const SKIN = ['#f7dcc8', '#f1c9ad', '#e8b894', '#d9a07a', '#c18660', '#9c6443', '#7a4a30', '#5c3621'];
const SKIN_WEIGHTS = [5, 6, 6, 4, 3, 2, 2, 1];
const HAIR: Record<string, string[]> = {
  blonde: ['#e9cd85', '#d8b265', '#f0dca0', '#c9a35a'],
  brown: ['#6b4423', '#7d5232', '#553319', '#8f6540'],
  black: ['#1f1a17', '#2b2420', '#151210'],
  red: ['#b5482a', '#a23b1f', '#c8623a'],
  grey: ['#b9b6b0', '#d3d0ca', '#9d9a95'],
  other: ['#d95f9e', '#6a7fd6', '#8d5cc4', '#3fa39a'],
};
const CLOTHES = [
  '#2f4858',
  '#8a2c3b',
  '#33658a',
  '#2a9d8f',
  '#e76f51',
  '#264653',
  '#6d597a',
  '#f4a261',
  '#3d5a80',
  '#b56576',
  '#52796f',
  '#1d3557',
  '#e0e0e0',
  '#444444',
];
const BACKGROUNDS = [
  ['#ffd6c9', '#f08a7e'],
  ['#cde7f0', '#6fa8c9'],
  ['#e4f1d6', '#8fbf7a'],
  ['#f3e6ff', '#a98bd4'],
  ['#fff1c9', '#f2b84b'],
  ['#dfe7ef', '#8a9bb0'],
  ['#ffe0ec', '#d97a9c'],
  ['#d8f3ee', '#5fb7a6'],
];

/** Mixes a #rrggbb colour toward black (amount < 0) or white (amount > 0), amount in -1..1. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const ch = (v: number) =>
    Math.round(v + (target - v) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}

function weightedSkin(rand: Rand): string {
  let r = rand() * SKIN_WEIGHTS.reduce((a, b) => a + b, 0);
  for (let i = 0; i < SKIN.length; i++) {
    r -= SKIN_WEIGHTS[i] ?? 0;
    if (r < 0) return SKIN[i] as string;
  }
  return SKIN[0] as string;
}

/** The SVG text of one portrait; the same seed and look always give the same picture. */
export function avatarSvg(seed: number, look: AvatarLook): string {
  const rand = mulberry32(seed);
  const photo = mulberry32((seed ^ Math.imul((look.variant ?? 0) + 1, 0x9e3779b9)) >>> 0);
  const female = look.gender === 'female';
  const skin = weightedSkin(rand);
  const hairKey = look.hair_color === 'bald' || !look.hair_color ? 'bald' : look.hair_color;
  const hair = hairKey === 'bald' ? shade(skin, -0.35) : pickOne(rand, HAIR[hairKey] ?? []);
  const brow = hairKey === 'bald' || hairKey === 'other' ? '#5b4a3e' : shade(hair, -0.3);
  const cx = 400 + Math.round((rand() - 0.5) * 30);
  const cy = 350 + Math.round(rand() * 20);
  const rx = female ? 108 + rand() * 12 : 116 + rand() * 14;
  const ry = female ? 142 + rand() * 10 : 146 + rand() * 12;
  const shoulder = female ? 250 + rand() * 30 : 290 + rand() * 40;
  const style = Math.floor(rand() * 3);
  const hasBeard = !female && rand() < 0.3;
  const hasGlasses = rand() < 0.15;
  const glassesColor = rand() < 0.5 ? '#222222' : '#7a4b2a';
  const head = { cx, cy, rx, ry };
  const [bg1, bg2] = pickOne(photo, BACKGROUNDS);
  const parts: string[] = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg1}"/>` +
      `<stop offset="1" stop-color="${bg2}"/></linearGradient></defs>`,
    '<rect width="800" height="800" fill="url(#bg)"/>',
    `<circle cx="${cx}" cy="${cy + 40}" r="300" fill="#ffffff" fill-opacity="0.18"/>`,
  ];
  if (female && hairKey !== 'bald') parts.push(longHairBack(head, hair, style, rand));
  parts.push(torso(head, shoulder, pickOne(photo, CLOTHES), skin, female, photo));
  parts.push(
    `<path d="M${cx - rx * 0.42} ${cy + ry * 0.6} L${cx - rx * 0.46} ${cy + ry + 95} L${cx + rx * 0.46} ` +
      `${cy + ry + 95} L${cx + rx * 0.42} ${cy + ry * 0.6} Z" fill="${shade(skin, -0.1)}"/>`,
  );
  for (const s of [-1, 1]) {
    parts.push(`<ellipse cx="${cx + s * (rx - 4)}" cy="${cy + 10}" rx="20" ry="32" fill="${shade(skin, -0.06)}"/>`);
  }
  parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${skin}"/>`);
  if (hasBeard) parts.push(beard(head, hairKey === 'bald' ? '#5b4a3e' : hair));
  parts.push(face(head, brow, skin, female, photo));
  if (hairKey !== 'bald') parts.push(hairFront(head, hair, female, style, rand));
  if (hasGlasses) parts.push(glasses(head, glassesColor));
  if (look.initials) {
    parts.push(
      `<text x="770" y="770" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" ` +
        `font-weight="bold" fill="#ffffff" fill-opacity="0.75">${escapeXml(look.initials.slice(0, 2))}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">${parts.join('')}</svg>`;
}

interface Head {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/**
 * Hair over the head: the top of a dome slightly larger than the head, cut off below by the hairline
 * (higher and arched for men, down to the temples like curtains for women), with an optional quiff or bun.
 */
function hairFront({ cx, cy, rx, ry }: Head, hair: string, female: boolean, style: number, rand: Rand): string {
  const [dcy, drx, dry] = [cy - 18, rx + 14, ry + 12];
  const side = female ? cy + ry * 0.15 : cy - ry * 0.2;
  const top = female ? (style === 1 ? cy - ry * 0.45 : cy - ry * 0.75) : cy - ry * (0.75 + rand() * 0.15);
  const part = cx + (rand() - 0.5) * rx * 0.8;
  const dx = drx * Math.sqrt(Math.max(0, 1 - ((side - dcy) / dry) ** 2));
  const large = side > dcy ? 1 : 0;
  let d =
    `M${cx - dx} ${side} A${drx} ${dry} 0 ${large} 1 ${cx + dx} ${side} H${cx + rx * 0.82} ` +
    `Q${cx + rx * 0.7} ${top} ${part} ${top} Q${cx - rx * 0.7} ${top} ${cx - rx * 0.82} ${side} Z`;
  if (!female && style === 2)
    d += ` M${cx - rx * 0.5} ${dcy - dry + 30} Q${cx + 10} ${dcy - dry - 40} ${cx + rx * 0.8} ${dcy - dry + 40} Z`;
  const bun = female && style === 2 ? `<circle cx="${cx}" cy="${cy - ry - 30}" r="52" fill="${hair}"/>` : '';
  return `${bun}<path d="${d}" fill="${hair}"/>`;
}

function longHairBack({ cx, cy, rx, ry }: Head, hair: string, style: number, rand: Rand): string {
  const len = style === 1 ? cy + ry * 0.75 : cy + ry + 110 + rand() * 120;
  const w = rx + 34 + rand() * 20;
  return (
    `<path d="M${cx - w} ${cy} C${cx - w - 10} ${cy - ry - 70} ${cx + w + 10} ${cy - ry - 70} ${cx + w} ${cy} ` +
    `L${cx + w + 14} ${len} Q${cx} ${len + 40} ${cx - w - 14} ${len} Z" fill="${shade(hair, -0.12)}"/>`
  );
}

function torso(
  { cx, cy, ry }: Head,
  shoulder: number,
  cloth: string,
  skin: string,
  female: boolean,
  rand: Rand,
): string {
  const top = cy + ry + 70;
  const body =
    `<path d="M${cx - shoulder - 60} 820 C${cx - shoulder - 40} ${top + 40} ${cx - shoulder * 0.5} ${top} ${cx} ${top - 6} ` +
    `C${cx + shoulder * 0.5} ${top} ${cx + shoulder + 40} ${top + 40} ${cx + shoulder + 60} 820 Z" fill="${cloth}"/>`;
  const depth = female ? 70 + rand() * 50 : 30 + rand() * 30;
  const neck = `<path d="M${cx - 62} ${top - 4} Q${cx} ${top + depth} ${cx + 62} ${top - 4} Z" fill="${shade(skin, -0.1)}"/>`;
  const collar =
    !female && rand() < 0.4
      ? `<path d="M${cx - 70} ${top - 6} L${cx - 10} ${top + 60} L${cx - 40} ${top + 75} Z M${cx + 70} ${top - 6} ` +
        `L${cx + 10} ${top + 60} L${cx + 40} ${top + 75} Z" fill="${shade(cloth, 0.7)}"/>`
      : '';
  return body + neck + collar;
}

function face({ cx, cy, rx, ry }: Head, brow: string, skin: string, female: boolean, rand: Rand): string {
  const ey = cy - ry * 0.02;
  const ex = rx * 0.38;
  const smile = 10 + rand() * 16;
  const eyes = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${cx + s * ex}" cy="${ey}" rx="10" ry="12" fill="#2b211c"/>` +
        `<circle cx="${cx + s * ex + 3}" cy="${ey - 4}" r="3" fill="#ffffff"/>` +
        `<path d="M${cx + s * ex - 26} ${ey - 34} Q${cx + s * ex} ${ey - 46 - rand() * 6} ${cx + s * ex + 26} ${ey - 34}" ` +
        `stroke="${brow}" stroke-width="${female ? 6 : 9}" fill="none" stroke-linecap="round"/>`,
    )
    .join('');
  const nose =
    `<path d="M${cx - 4} ${cy + 20} Q${cx - 14} ${cy + 58} ${cx + 6} ${cy + 60}" stroke="${shade(skin, -0.25)}" ` +
    'stroke-width="5" fill="none" stroke-linecap="round"/>';
  const my = cy + ry * 0.55;
  const mouth =
    `<path d="M${cx - 34} ${my} Q${cx} ${my + smile} ${cx + 34} ${my}" stroke="${female ? '#b0475a' : '#8e4a42'}" ` +
    `stroke-width="${female ? 9 : 7}" fill="none" stroke-linecap="round"/>`;
  const cheeks = female
    ? [-1, 1]
        .map(
          (s) => `<circle cx="${cx + s * rx * 0.55}" cy="${cy + ry * 0.3}" r="20" fill="#ff7a7a" fill-opacity="0.18"/>`,
        )
        .join('')
    : '';
  return eyes + nose + mouth + cheeks;
}

function beard({ cx, cy, rx, ry }: Head, color: string): string {
  const top = cy + ry * 0.2;
  return (
    `<path d="M${cx - rx + 4} ${top} Q${cx - rx + 12} ${cy + ry + 22} ${cx} ${cy + ry + 14} ` +
    `Q${cx + rx - 12} ${cy + ry + 22} ${cx + rx - 4} ${top} Q${cx + rx * 0.6} ${cy + ry * 0.5} ${cx} ${cy + ry * 0.4} ` +
    `Q${cx - rx * 0.6} ${cy + ry * 0.5} ${cx - rx + 4} ${top} Z" fill="${color}" fill-opacity="0.9"/>`
  );
}

function glasses({ cx, cy, rx }: Head, color: string): string {
  const ex = rx * 0.38;
  const lens = (x: number) =>
    `<rect x="${x - 34}" y="${cy - 30}" width="68" height="52" rx="18" fill="#ffffff" ` +
    `fill-opacity="0.12" stroke="${color}" stroke-width="6"/>`;
  return (
    `${lens(cx - ex)}${lens(cx + ex)}<path d="M${cx - ex + 34} ${cy - 8} Q${cx} ${cy - 20} ${cx + ex - 34} ${cy - 8}" ` +
    `stroke="${color}" stroke-width="6" fill="none"/>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
