import type { PublicProfile } from '../model.js';
import type { MapPlace } from './model.js';

/** Size of the map's SVG coordinate space. */
export const MAP_WIDTH = 400;
export const MAP_HEIGHT = 300;
/** Space kept free around the outermost pins, in map units. */
const MARGIN = 36;

/** A pin on the map: a profile at (x, y) in map units. */
export interface MapPin {
  id: number;
  x: number;
  y: number;
}

/** Profiles of one region (or of a country without region), with the middle of their pins. */
export interface MapRegionGroup {
  key: string;
  name: string;
  profiles: PublicProfile[];
  /** Mean position of the region's pins, or null when none of its profiles has a place. */
  label: { x: number; y: number } | null;
}

/**
 * Projects places onto the map (equirectangular, longitudes shrunk by the cosine of the middle
 * latitude, north up), scaled to fit MAP_WIDTH × MAP_HEIGHT with a margin and centred.
 */
export function projectPins(places: readonly MapPlace[]): MapPin[] {
  if (places.length === 0) return [];
  const lats = places.map((p) => p.lat);
  const lons = places.map((p) => p.lon);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const shrink = Math.cos((midLat * Math.PI) / 180);
  const xs = lons.map((lon) => lon * shrink);
  const ys = lats.map((lat) => -lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, 1e-6);
  const spanY = Math.max(maxY - minY, 1e-6);
  // A single place (or a cluster closer than ~50 km) is drawn at the centre without zooming in on it.
  const scale = Math.min((MAP_WIDTH - 2 * MARGIN) / spanX, (MAP_HEIGHT - 2 * MARGIN) / spanY, 400);
  const offsetX = (MAP_WIDTH - spanX * scale) / 2;
  const offsetY = (MAP_HEIGHT - spanY * scale) / 2;
  return places.map((place, i) => ({
    id: place.id,
    x: round(offsetX + ((xs[i] ?? 0) - minX) * scale),
    y: round(offsetY + ((ys[i] ?? 0) - minY) * scale),
  }));
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function cross(o: MapPin, a: MapPin, b: MapPin): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** The convex hull of the pins (Andrew's monotone chain), as an SVG path; '' for no pins. */
export function hullPath(pins: readonly MapPin[]): string {
  const sorted = [...pins].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length === 0) return '';
  const half = (points: MapPin[]) => {
    const out: MapPin[] = [];
    for (const p of points) {
      while (out.length >= 2 && cross(out[out.length - 2] as MapPin, out[out.length - 1] as MapPin, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  const hull = sorted.length < 3 ? sorted : [...half(sorted), ...half([...sorted].reverse())];
  return `${hull.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join('')}Z`;
}

/**
 * The profiles grouped by region (ISO 3166-2 code; the country when the region is unknown), largest
 * group first, each with the middle of its pins for the label.
 */
export function groupByRegion(
  profiles: readonly PublicProfile[],
  pins: readonly MapPin[],
  regionNames: Record<string, string>,
  countryName: (code: string) => string,
): MapRegionGroup[] {
  const pinOf = new Map(pins.map((pin) => [pin.id, pin]));
  const groups = new Map<string, MapRegionGroup>();
  for (const profile of profiles) {
    const key = profile.region ?? profile.country;
    const name = profile.region ? (regionNames[profile.region] ?? profile.region) : countryName(profile.country);
    const group = groups.get(key) ?? { key, name, profiles: [], label: null };
    group.profiles.push(profile);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const own = group.profiles.map((p) => pinOf.get(p.id)).filter((p): p is MapPin => p !== undefined);
    if (own.length > 0) {
      group.label = {
        x: round(own.reduce((sum, p) => sum + p.x, 0) / own.length),
        y: round(own.reduce((sum, p) => sum + p.y, 0) / own.length),
      };
    }
  }
  return [...groups.values()].sort((a, b) => b.profiles.length - a.profiles.length || a.name.localeCompare(b.name));
}

/** A region's name placed on the map: (x, y) is the middle of the text's baseline. */
export interface MapLabel {
  key: string;
  name: string;
  x: number;
  y: number;
}

/** Approximate box of an 11 px label (average glyph width 6.3 px) around its baseline middle. */
function labelBox(label: MapLabel) {
  const half = (label.name.length * 6.3) / 2 + 2;
  return { left: label.x - half, right: label.x + half, top: label.y - 11, bottom: label.y + 3 };
}

/**
 * Names of the largest regions, each above its pins' middle or, when that collides with a name
 * already placed, below it; a name that fits neither way is left out (the list beneath has them all).
 */
export function placeLabels(groups: readonly MapRegionGroup[], max: number): MapLabel[] {
  const placed: MapLabel[] = [];
  const overlaps = (a: MapLabel) =>
    placed.some((b) => {
      const p = labelBox(a);
      const q = labelBox(b);
      return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
    });
  for (const group of groups) {
    if (placed.length >= max) break;
    if (!group.label) continue;
    const half = (group.name.length * 6.3) / 2 + 2;
    const x = round(Math.min(Math.max(group.label.x, half), MAP_WIDTH - half));
    const candidates = [group.label.y - 11, group.label.y + 20].map((y) => ({
      key: group.key,
      name: group.name,
      x,
      y: round(Math.min(Math.max(y, 14), MAP_HEIGHT - 4)),
    }));
    const free = candidates.find((candidate) => !overlaps(candidate));
    if (free) placed.push(free);
  }
  return placed;
}
