import type { MemberCard } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  groupByRegion,
  hullPath,
  MAP_HEIGHT,
  MAP_WIDTH,
  type MapPin,
  placeLabels,
  projectPins,
} from '../src/landers/map-layout.js';

/** A card of the map lander (only the place matters here). */
function card(id: number, country: string, region: string | null, city: string | null = null): MemberCard {
  return {
    id,
    name: `P${id}`,
    age: 30,
    gender: 'female',
    country,
    region,
    city,
    main_image: null,
    fictional: false,
    verified: false,
    online: false,
  };
}

const inside = (pin: MapPin) => pin.x >= 0 && pin.x <= MAP_WIDTH && pin.y >= 0 && pin.y <= MAP_HEIGHT;

describe('the map lander: pins, area and labels (issue: public site, maplanding)', () => {
  it('projects places north up and west left inside the map, keeping a margin', () => {
    const pins = projectPins([
      { id: 1, lat: 53.2, lon: 6.6 }, // Groningen: north-east
      { id: 2, lat: 51.4, lon: 3.6 }, // Zeeland: south-west
      { id: 3, lat: 52.4, lon: 4.9 }, // Amsterdam
    ]);
    expect(pins.every(inside)).toBe(true);
    const [north, south] = pins as [MapPin, MapPin, MapPin];
    expect(north.y).toBeLessThan(south.y);
    expect(north.x).toBeGreaterThan(south.x);
    for (const pin of pins) {
      expect(pin.x).toBeGreaterThanOrEqual(30);
      expect(pin.y).toBeGreaterThanOrEqual(30);
    }
  });

  it('draws a single place (or one city) in the middle instead of dividing by zero', () => {
    expect(projectPins([{ id: 1, lat: 52.1, lon: 5.1 }])).toEqual([{ id: 1, x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 }]);
    const same = projectPins([
      { id: 1, lat: 52.1, lon: 5.1 },
      { id: 2, lat: 52.1, lon: 5.1 },
    ]);
    expect(same.every(inside)).toBe(true);
    expect(projectPins([])).toEqual([]);
  });

  it('shades the area the pins cover with their convex hull', () => {
    const square: MapPin[] = [
      { id: 1, x: 10, y: 10 },
      { id: 2, x: 90, y: 10 },
      { id: 3, x: 90, y: 90 },
      { id: 4, x: 10, y: 90 },
      { id: 5, x: 50, y: 50 },
    ];
    const path = hullPath(square);
    expect(path.startsWith('M')).toBe(true);
    expect(path.endsWith('Z')).toBe(true);
    // The corners, not the pin in the middle.
    expect(path).not.toContain('50 50');
    expect(path.match(/[ML]/g)).toHaveLength(4);
    expect(hullPath([])).toBe('');
  });

  it('groups profiles by region, the largest first, named locally, the country when no region', () => {
    const profiles = [card(1, 'NL', 'NL-UT'), card(2, 'NL', 'NL-NH'), card(3, 'NL', 'NL-UT'), card(4, 'BE', null)];
    const pins: MapPin[] = [
      { id: 1, x: 100, y: 100 },
      { id: 3, x: 120, y: 140 },
    ];
    const groups = groupByRegion(profiles, pins, { 'NL-UT': 'Utrecht', 'NL-NH': 'Noord-Holland' }, (c) =>
      c === 'BE' ? 'België' : c,
    );
    expect(groups.map((g) => [g.name, g.profiles.length])).toEqual([
      ['Utrecht', 2],
      ['België', 1],
      ['Noord-Holland', 1],
    ]);
    expect(groups[0]?.label).toEqual({ x: 110, y: 120 });
    expect(groups[1]?.label).toBeNull();
  });

  it('places region names without overlap, inside the map, leaving out what does not fit', () => {
    const group = (key: string, x: number, y: number) => ({
      key,
      name: `Region ${key}`,
      profiles: [],
      label: { x, y },
    });
    const labels = placeLabels([group('a', 100, 100), group('b', 104, 102), group('c', 102, 101), group('d', 2, 2)], 6);
    expect(labels.map((l) => l.key)).toEqual(['a', 'b', 'd']);
    // b collided above and went below its pins.
    expect(labels[1]?.y).toBeGreaterThan(labels[0]?.y ?? 0);
    for (const label of labels) {
      expect(label.x).toBeGreaterThan(0);
      expect(label.y).toBeGreaterThan(10);
    }
    expect(placeLabels([group('a', 100, 100), group('b', 300, 200)], 1)).toHaveLength(1);
  });
});
