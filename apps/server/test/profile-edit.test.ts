import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CITY_DISTANCE_KM, reverseGeocode } from '../src/geo/geocode.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

/** A date of birth `years` years (and one day more) ago, YYYY-MM-DD. */
function bornYearsAgo(years: number, extraDays = 1): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
}

describe.each(dbKinds())('own profile editing on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  const login = async (m: { email: string; password: string }) => {
    const b = new Browser(server.url);
    expect((await b.post('/api/user.php', { email: m.email, password: m.password })).status).toBe(200);
    return b;
  };
  const member = () => createMember(server.database.db, siteId);

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteId = (await createSite(server.database.db, { is_default: true })).id;
  });
  afterAll(() => server.close());

  it('saves every editable field and answers the own Profile', async () => {
    const b = await login(await member());
    const update = {
      name: 'Sanne',
      gender: 'female',
      sexuality: 'bi',
      date_of_birth: '1990-05-17',
      hair_color: 'red',
      eye_color: 'green',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'some',
      reason: 'dating',
      interests: ['hiking', 'wine', 'hiking'],
      description: '  Houdt van wandelen.  ',
      country: 'BE',
      region: 'BE-VAN',
      city: 'Antwerpen',
      latitude: 51.22,
      longitude: 4.4,
    };
    const res = await b.put('/api/profile.php', update);
    expect(res.status).toBe(200);
    const { latitude: _lat, longitude: _lon, ...shown } = update;
    expect(res.json).toMatchObject({
      ...shown,
      interests: ['hiking', 'wine'],
      description: 'Houdt van wandelen.',
    });
    const me = (await b.get('/api/user.php')).json;
    expect(me.profile).toMatchObject({ name: 'Sanne', region: 'BE-VAN', date_of_birth: '1990-05-17' });

    // Partial: only the description changes; a new country clears a region that no longer fits.
    expect((await b.put('/api/profile.php', { description: 'Nieuw' })).json).toMatchObject({
      description: 'Nieuw',
      city: 'Antwerpen',
    });
    expect((await b.put('/api/profile.php', { country: 'NL' })).json).toMatchObject({ country: 'NL', region: null });
    expect((await b.put('/api/profile.php', { hair_color: null, city: ' ' })).json).toMatchObject({
      hair_color: null,
      city: null,
    });
  });

  it('refuses members under 18 and dates that do not exist', async () => {
    const b = await login(await member());
    const young = await b.put('/api/profile.php', { date_of_birth: bornYearsAgo(17, 300) });
    expect(young.status).toBe(400);
    expect(young.json).toMatchObject({ error: 'validation_failed', data: { field: 'date_of_birth', min_age: 18 } });
    expect(young.json.message).toBe('Vul uw geboortedatum in (18+ jaar)');
    // Exactly 18 today is old enough.
    expect((await b.put('/api/profile.php', { date_of_birth: bornYearsAgo(18, 0) })).status).toBe(200);
    for (const bad of ['2001-02-30', '1990-13-01', '17-05-1990', '1800-01-01']) {
      const res = await b.put('/api/profile.php', { date_of_birth: bad });
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toBe('Ongeldige geboortedatum.');
    }
  });

  it('refuses unknown interests, foreign regions, countries the site does not serve and bad names', async () => {
    const b = await login(await member());
    const interest = await b.put('/api/profile.php', { interests: ['wine', 'stamp collecting'] });
    expect(interest.status).toBe(400);
    expect(interest.json.data).toMatchObject({ field: 'interests', unknown: ['stamp collecting'] });
    const region = await b.put('/api/profile.php', { country: 'NL', region: 'DE-BY' });
    expect(region.status).toBe(400);
    expect(region.json.data).toMatchObject({ field: 'region' });
    // The region alone is checked against the current country (NL in the factory).
    expect((await b.put('/api/profile.php', { region: 'BE-VAN' })).status).toBe(400);
    expect((await b.put('/api/profile.php', { country: 'FR' })).json.data).toMatchObject({ field: 'country' });
    const at = await b.put('/api/profile.php', { name: '@sanne' });
    expect(at.json.message).toBe('Je profielnaam mag niet beginnen met een @');
    const m = await member();
    const email = await (await login(m)).put('/api/profile.php', { name: m.email.toUpperCase() });
    expect(email.json.message).toBe('Je profielnaam moet anders zijn dan je e-mailadres');
    const latOnly = await b.put('/api/profile.php', { latitude: 52 });
    expect(latOnly.status).toBe(400);
    expect((await b.put('/api/profile.php', { gender: 'other' })).status).toBe(400);
  });

  it('refuses visitors and calls without the client header', async () => {
    const visitor = await new Browser(server.url).put('/api/profile.php', { description: 'x' });
    expect(visitor.status).toBe(403);
    expect(visitor.json.error).toBe('authentication_required');
    const b = await login(await member());
    const noHeader = await b.put('/api/profile.php', { description: 'x' }, { clientHeader: false });
    expect(noHeader.json.error).toBe('client_header_required');
  });

  it('hides blocked and deleted profiles (404), also from members', async () => {
    const db = server.database.db;
    const blocked = await createProfile(db, siteId, { status: 'blocked' });
    const deleted = await createProfile(db, siteId, { status: 'deleted' });
    const active = await createProfile(db, siteId, { status: 'active' });
    const b = await login(await member());
    for (const viewer of [b, new Browser(server.url)]) {
      expect((await viewer.get(`/api/profile.php?id=${blocked.id}`)).status).toBe(404);
      expect((await viewer.get(`/api/profile.php?id=${deleted.id}`)).json.error).toBe('not_found');
      expect((await viewer.get(`/api/profile.php?id=${active.id}`)).status).toBe(200);
    }
    const search = (await b.get('/api/search.php?per_page=60')).json.results.map((r: { id: number }) => r.id);
    expect(search).not.toContain(blocked.id);
    expect(search).not.toContain(deleted.id);
  });

  it('answers the nearest city with our region codes, and false far from any city', async () => {
    const b = new Browser(server.url);
    const at = async (lat: number, lon: number) => (await b.get(`/api/geocode.php?lat=${lat}&lon=${lon}`)).json;
    expect(await at(52.37, 4.9)).toEqual({ country: 'NL', region: 'NL-NH', city: 'Amsterdam' });
    expect(await at(50.846, 4.352)).toMatchObject({ country: 'BE', region: 'BE-BRU' });
    expect(await at(48.2085, 16.3721)).toEqual({ country: 'AT', region: 'AT-9', city: 'Vienna' });
    expect(await at(52.52, 13.405)).toMatchObject({ country: 'DE', region: 'DE-BE', city: 'Berlin' });
    expect(await at(51.2194, 4.4025)).toMatchObject({ country: 'BE', region: 'BE-VAN' });
    // Middle of the North Sea: more than 50 km from any city.
    expect(await at(55.5, 3.5)).toBe(false);
    expect((await b.get('/api/geocode.php?lat=95&lon=4')).status).toBe(400);
  });

  it('maps a city outside our countries with region null, and finds coastal cities from near the shore', () => {
    expect(reverseGeocode(48.8566, 2.3522)).toMatchObject({ country: 'FR', region: null, city: 'Paris' });
    // 10 km off Scheveningen still answers the Dutch coast.
    expect(reverseGeocode(52.15, 4.15)).toMatchObject({ country: 'NL', region: 'NL-ZH' });
    expect(MAX_CITY_DISTANCE_KM).toBe(50);
  });
});
