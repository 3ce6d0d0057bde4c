/**
 * The authorization matrix's rows of verified members' back-office calls (issue: verified members):
 * the queue of selfies waiting for review, a decision, and a selfie (moderators and admins of the
 * member's site; support never sees a selfie).
 */
import { eq } from 'drizzle-orm';
import { faceVerifications, photos } from '../../src/db/schema.js';
import type { Row, SiteKey, World } from './types.js';

/**
 * A fresh member of `site` with an attempt waiting for review whose "selfie" is a copy of the site's
 * member's private photo file (real bytes to answer).
 */
async function waitingAttempt(w: World, site: SiteKey): Promise<number> {
  const db = w.server.database.db;
  const member = await w.freshMember(site);
  const [photo] = await db.select().from(photos).where(eq(photos.id, w.site[site].photoId));
  const store = w.server.app.deps.photoStore;
  const data = await store.read(photo?.filename ?? '');
  const name = `private/authz-selfie-${member.profileId}.jpg`;
  if (data) await store.put(name, data, 'image/jpeg');
  const now = new Date();
  const [row] = await db
    .insert(faceVerifications)
    .values({
      profile_id: member.profileId,
      status: 'awaiting_review',
      pose: 'thumbs_up',
      expires_at: now,
      submitted_at: now,
      selfie_filename: name,
      face_found: true,
      score: 0.3,
    })
    .returning({ id: faceVerifications.id });
  return row?.id ?? 0;
}

/** Both sites hold an attempt waiting for review, so the queue of every site has one of each. */
async function waitingOnBothSites(w: World): Promise<Record<SiteKey, number>> {
  return w.once('verifications-both-sites', async () => ({
    A: await waitingAttempt(w, 'A'),
    B: await waitingAttempt(w, 'B'),
  }));
}

export const verificationRows: Record<string, Row> = {
  'GET /api/admin/verifications.php': {
    kind: 'list',
    allow: ['moderator'],
    siteFilter: true,
    sitesOf: (json) => (json as { reviews: { site_id: number }[] }).reviews.map((r) => r.site_id),
    request: async (w) => {
      await waitingOnBothSites(w);
      return {};
    },
  },
  'POST /api/admin/verifications.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({ body: { id: await waitingAttempt(w, site), decision: 'reject' } }),
  },
  'GET /api/admin/verification-selfie.php': {
    kind: 'object',
    allow: ['moderator'],
    request: async (w, site) => ({ query: { id: (await waitingOnBothSites(w))[site] } }),
  },
};
