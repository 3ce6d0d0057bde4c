import { INTERESTS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('site data on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await createSite(server.database.db, { is_default: true, name: 'Default', domain: 'default.test' });
    await createSite(server.database.db, { name: 'Other', domain: 'other.test', niche: 3, countries: ['DE', 'AT'] });
  });
  afterAll(() => server.close());

  it('picks the site by host and falls back to the default site', async () => {
    const other = await new Browser(server.url, 'other.test').get('/api/settings.php?route=/members');
    expect(other.status).toBe(200);
    expect(other.json).toMatchObject({
      name: 'Other',
      domain: 'other.test',
      niche: 3,
      countries: ['DE', 'AT'],
      geoip_selected_country: 'DE',
    });
    const unknown = await new Browser(server.url, 'unknown.example').get('/api/settings.php');
    expect(unknown.json.name).toBe('Default');
  });

  it('answers every setting of SPEC.md section 3', async () => {
    const { json } = await new Browser(server.url).get('/api/settings.php');
    for (const key of [
      'name',
      'domain',
      'domain_language',
      'index_title',
      'description',
      'cdn_prefix',
      'countries',
      'geoip_country',
      'geoip_selected_country',
      'enable_site_entry_popup',
      'signups',
      'logged_out_search',
      'logged_out_search_trafficsource',
      'push_public_key',
      'minimum_message_costs',
      'support_phone',
      'support_email',
      'niche',
      'fictional_icon',
      'fictional_warning',
      'fictional_singular',
      'fictional_plural',
      'refund_days',
      'visible_profile_fields',
      'visible_profile_notes',
      'search_fields',
      'message_credits',
      'photo_credits',
      'gift_credits',
      'signup_credits',
      'message_length',
      'member_resell',
      'company_id',
      'mail_name',
    ]) {
      expect(json, key).toHaveProperty(key);
    }
  });

  it('uses a proxy-given country when the site serves it', async () => {
    const res = await new Browser(server.url).get('/api/settings.php', { headers: { 'cf-ipcountry': 'BE' } });
    expect(res.json).toMatchObject({ geoip_country: 'BE', geoip_selected_country: 'BE' });
  });

  it('serves interests, regions and company info', async () => {
    const browser = new Browser(server.url);
    expect((await browser.get('/api/interests.php')).json).toEqual([...INTERESTS]);
    const regions = (await browser.get('/api/regions.php')).json;
    expect(Object.keys(regions).sort()).toEqual(['AT', 'BE', 'DE', 'NL']);
    expect(regions.NL).toContainEqual({ code: 'NL-NH', name: 'Noord-Holland' });
    const company = await browser.get('/api/companyinfo.php');
    expect(company.json).toMatchObject({ name: 'Test B.V.', kvk: '12345678' });
    // Staff change the company and the countries: no browser or proxy keeps an old copy.
    expect(company.headers['cache-control']).toBe('no-cache');
    expect((await browser.get('/api/regions.php')).headers['cache-control']).toBe('no-cache');
  });

  it('serves the OpenAPI document of every call', async () => {
    const { status, json } = await new Browser(server.url).get('/api/openapi.json');
    expect(status).toBe(200);
    expect(json.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/settings.php',
      '/api/user.php',
      '/api/logout.php',
      '/api/search.php',
      '/api/profile.php',
      '/api/regions.php',
    ]) {
      expect(json.paths, path).toHaveProperty([path]);
    }
    expect(json.paths['/api/user.php']).toHaveProperty('post');
    expect(json.components.schemas).toHaveProperty('User');
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await new Browser(server.url).get('/api/nope.php');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: 'not_found' });
  });
});
