/** The authorization matrix's rows of the back office's fictional calls (issue: back office II). */
import { expect } from 'vitest';
import { createPhoto } from '../helpers/factories.js';
import { createFictional, fictionalBody } from '../helpers/fictional-factories.js';
import { jpegWithGps } from '../helpers/uploads.js';
import type { Row, SiteKey, World } from './types.js';

/** The fictional profile of `site` the rows aim at (made once). */
const fictionalOf = (w: World, site: SiteKey) =>
  w.once(`fictional-${site}`, async () => (await createFictional(w.server.database.db, w.sites[site].id)).id);

/** A photo row (no files) of the fictional profile of `site` (made once). */
const photoOf = (w: World, site: SiteKey) =>
  w.once(`fictional-photo-${site}`, async () => {
    const profileId = await fictionalOf(w, site);
    return (await createPhoto(w.server.database.db, profileId, { position: 0 })).id;
  });

const other = (site: SiteKey): SiteKey => (site === 'A' ? 'B' : 'A');

/** Admins may do everything; operators read the list, one profile (the persona) and a site's options. */
export const fictionalRows: Record<string, Row> = {
  'GET /api/admin/fictional-profiles.php': {
    kind: 'list',
    allow: ['operator'],
    siteFilter: true,
    request: async (w) => {
      await Promise.all([fictionalOf(w, 'A'), fictionalOf(w, 'B')]);
      return {};
    },
  },
  'GET /api/admin/fictional-profile.php': {
    kind: 'object',
    allow: ['operator'],
    request: async (w, site) => ({ query: { id: await fictionalOf(w, site) } }),
    check: (res) => expect.soft((res.json as { profile: { is_fictional: boolean } }).profile.is_fictional).toBe(true),
  },
  'GET /api/admin/fictional-site.php': {
    kind: 'object',
    allow: ['operator'],
    request: (w, site) => ({ query: { site_id: w.sites[site].id } }),
  },
  'POST /api/admin/fictional-profile.php': {
    kind: 'object',
    request: (w, site) => ({ body: fictionalBody(w.sites[site].id) }),
  },
  'PUT /api/admin/fictional-profile.php': {
    kind: 'object',
    request: async (w, site) => ({ body: { id: await fictionalOf(w, site), description: 'Authz matrix' } }),
  },
  'POST /api/admin/fictional-photos.php': {
    kind: 'object',
    request: async (w, site) => ({
      query: { id: await fictionalOf(w, site) },
      multipart: { file: await w.once('fictional-jpeg', () => jpegWithGps(200, 160)) },
    }),
  },
  'PUT /api/admin/fictional-photos.php': {
    kind: 'object',
    request: async (w, site) => ({
      body: { id: await fictionalOf(w, site), photo: await photoOf(w, site), position: 0 },
    }),
  },
  'DELETE /api/admin/fictional-photos.php': {
    kind: 'object',
    request: async (w, site) => {
      const id = await fictionalOf(w, site);
      const photo = await createPhoto(w.server.database.db, id, { position: 5 });
      return { body: { id, photo: photo.id } };
    },
  },
  // A copy reaches into the other site: staff of both sites only (an admin of one site gets 404).
  'POST /api/admin/fictional-copy.php': {
    kind: 'object',
    bothSites: true,
    request: async (w, site) => ({ body: { id: await fictionalOf(w, site), site_id: w.sites[other(site)].id } }),
  },
};
