import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VERIFICATION_POSES, type VerificationPose } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { verifyProfile } from '../src/db/repositories/verifications.js';
import { auditLog, faceVerifications, jobs, photoFaces, profiles, users } from '../src/db/schema.js';
import { createFaceModel, type FaceModel } from '../src/faces/face-model.js';
import { eraseExpiredAccounts } from '../src/services/access/erasure.js';
import { FACE_MATCH_THRESHOLD, TILT_MIN_DEGREES, TURN_MIN_DEGREES } from '../src/services/verification/rules.js';
import { runVerifySelfieJob, verifySelfie } from '../src/services/verification/verify-selfie.js';
import { createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createPhoto, createProfile, createSite } from './helpers/factories.js';
import type { Browser } from './helpers/server.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

const fixtures = new URL('./fixtures/', import.meta.url).pathname;
const read = (file: string) => readFile(path.join(fixtures, file));

/** One face model for the whole file (loaded once, ~4 s); the server's own is never loaded by a request. */
let faceModel: FaceModel;
let modelCalls = 0;

/** Issue: verified members (docs/decisions/026-verified-members.md): selfie, job, badge, moderator, privacy. */
describe.each(dbKinds())('verified members on %s', (kind) => {
  let server: TestServer;
  let photoDir: string;
  let siteId: number;
  const clock = new ManualClock(new Date());
  const db = () => server.database.db;

  /** A member whose approved public main image is the fixture `file` (stored in the photo store). */
  const memberWithPhoto = async (file: string) => {
    const member = await createChatMember(db(), siteId, server.url);
    const name = `${member.profile.id}-${path.basename(file)}`;
    await server.app.deps.photoStore.put(name, await read(file), 'image/jpeg');
    const photo = await createPhoto(db(), member.profile.id, { filename: name, position: 0 });
    await db().update(profiles).set({ main_photo_id: photo.id }).where(eq(profiles.id, member.profile.id));
    return { ...member, photo };
  };
  /**
   * Starts an attempt and sends `selfie`; returns the attempt as answered. With `pose`, the attempt
   * asks for that pose instead of the random one (the pose the selfie shows).
   */
  const sendSelfie = async (browser: Browser, selfie: Buffer, pose?: VerificationPose) => {
    const started = await browser.post('/api/verification.php', {});
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    if (pose) await db().update(faceVerifications).set({ pose }).where(eq(faceVerifications.id, started.json.id));
    const res = await postMultipart(`${server.url}/api/verification-selfie.php`, {
      fields: { attempt: String(started.json.id) },
      file: selfie,
      sid: browser.cookie('sid'),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { id: number; status: string; pose: string; selfie_url: string | null };
  };
  const runJob = (attempt: number) => verifySelfie({ ...server.app.deps, faceModel: countingModel() }, { attempt });
  const attemptRow = async (id: number) =>
    (await db().select().from(faceVerifications).where(eq(faceVerifications.id, id)))[0];
  const fileExists = async (name: string | null | undefined) =>
    name ? (await server.app.deps.photoStore.read(name)) !== null : false;
  const cardOf = async (viewer: Browser, profileId: number) =>
    (await viewer.get(`/api/profile.php?id=${profileId}`)).json.profile;
  const verifiedSearch = async (viewer: Browser) => {
    const res = await viewer.get('/api/search.php?verified_only=1&per_page=60');
    expect(res.status).toBe(200);
    const cards = res.json.results as { id: number; verified: boolean }[];
    expect(cards.every((c) => c.verified)).toBe(true);
    return cards.map((c) => c.id);
  };

  /** The member reads that a moderator will decide. */
  const expectWaitingForModerator = async (browser: Browser) =>
    expect((await browser.get('/api/verification.php')).json).toMatchObject({
      verified: false,
      attempt: { status: 'awaiting_review' },
    });
  /** A moderator of the site and the queue's entry of `attempt` as they see it. */
  const reviewOf = async (attempt: number) => {
    const moderator = await loginStaff(server.url, await createStaff(db(), 'moderator', [siteId]), clock.now());
    const queue = await moderator.get(`/api/admin/verifications.php?site_id=${siteId}`);
    expect(queue.status, JSON.stringify(queue.json)).toBe(200);
    return { moderator, review: queue.json.reviews.find((r: { id: number }) => r.id === attempt) };
  };

  beforeAll(async () => {
    faceModel ??= createFaceModel();
    photoDir = mkdtempSync(path.join(os.tmpdir(), 'face-verification-test-'));
    server = await startTestServer(kind, { clock, env: { PHOTO_DIR: photoDir } });
    siteId = (await createSite(db(), { is_default: true })).id;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(photoDir, { recursive: true, force: true });
  });

  it('verifies a matching selfie in the job queue, shows the badge, and a new main image ends it', async () => {
    const member = await memberWithPhoto('harmless-photos/photo-astronaut.jpg');
    // A man searching (the members here are women who look for men: docs/matching.md's mutual fit).
    const viewer = (await createChatMember(db(), siteId, server.url, { profile: { gender: 'male' } })).browser;
    expect((await member.browser.get('/api/verification.php')).json).toEqual({
      verified: false,
      verified_at: null,
      lapsed: false,
      has_main_photo: true,
      attempt: null,
    });

    const callsBefore = modelCalls;
    // The selfie with the head tilted towards the member's left shoulder (turned 25° in its plane).
    const tilted = await sharp(await read('faces/selfie-astronaut.jpg'))
      .rotate(25, { background: '#808080' })
      .jpeg()
      .toBuffer();
    const attempt = await sendSelfie(member.browser, tilted, 'tilt_head_left');
    expect(attempt.pose).toBe('tilt_head_left');
    // Never on the request path: the upload queues the job and the model has not run.
    expect(attempt.status).toBe('checking');
    expect(modelCalls).toBe(callsBefore);
    const queued = await db().select().from(jobs).where(eq(jobs.kind, 'verify_selfie'));
    expect(queued.map((j) => j.payload)).toContainEqual({ attempt: attempt.id });
    // Private: stored outside the public files, without metadata; the member sees their own.
    const stored = await attemptRow(attempt.id);
    expect(stored?.selfie_filename).toMatch(/^private\//);
    expect(attempt.selfie_url).toBe(`/api/verification-selfie.php?attempt=${attempt.id}`);
    expect((await member.browser.get(attempt.selfie_url as string)).status).toBe(200);
    expect((await viewer.get(attempt.selfie_url as string)).status).toBe(404);

    const outcome = await runJob(attempt.id);
    expect(outcome?.status).toBe('verified');
    expect(outcome?.score).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    const decided = await attemptRow(attempt.id);
    expect(decided).toMatchObject({
      status: 'verified',
      face_found: true,
      selfie_filename: null,
      best_photo_id: member.photo.id,
      pose_matched: true,
    });
    expect(decided?.head_angles?.roll).toBeGreaterThanOrEqual(TILT_MIN_DEGREES);
    expect(await fileExists(stored?.selfie_filename)).toBe(false);
    // The profile photo's face is kept for the next comparison.
    expect(await db().select().from(photoFaces).where(eq(photoFaces.photo_id, member.photo.id))).toHaveLength(1);
    // A retried job changes nothing.
    expect(await runJob(attempt.id)).toBeNull();

    const state = (await member.browser.get('/api/verification.php')).json;
    expect(state).toMatchObject({ verified: true, lapsed: false, attempt: { status: 'verified', selfie_url: null } });
    expect(await cardOf(viewer, member.profile.id)).toMatchObject({ verified: true });
    expect(await verifiedSearch(viewer)).toContain(member.profile.id);

    // The member's data export names the attempt, never the selfie.
    const exported = await member.browser.get('/api/export.php');
    expect(exported.status).toBe(200);
    expect(exported.json.verifications).toEqual([
      expect.objectContaining({ status: 'verified', pose: attempt.pose, score: outcome?.score }),
    ]);
    expect(JSON.stringify(exported.json)).not.toContain('private/');

    // A new main image ends the badge until verified again.
    const second = await createPhoto(db(), member.profile.id, { position: 1 });
    const changed = await member.browser.put('/api/photos.php', { photo: second.id, main: true });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect((await member.browser.get('/api/verification.php')).json).toMatchObject({ verified: false, lapsed: true });
    expect(await cardOf(viewer, member.profile.id)).toMatchObject({ verified: false });
    expect(await verifiedSearch(viewer)).not.toContain(member.profile.id);
  }, 120_000);

  it('sends the right face in another pose to a moderator, who sees the pose check: a stored photo is not enough', async () => {
    const member = await memberWithPhoto('harmless-photos/photo-astronaut.jpg');
    // The frontal selfie where a turn was asked: the same face, not the pose.
    const attempt = await sendSelfie(member.browser, await read('faces/selfie-astronaut.jpg'), 'turn_head_right');
    const outcome = await runJob(attempt.id);
    expect(outcome).toMatchObject({ status: 'awaiting_review', faceFound: true, poseMatched: false });
    expect(outcome?.score).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    expect(await fileExists((await attemptRow(attempt.id))?.selfie_filename)).toBe(true);
    await expectWaitingForModerator(member.browser);
    const { moderator, review } = await reviewOf(attempt.id);
    expect(review).toMatchObject({ pose: 'turn_head_right', pose_matched: false, face_found: true });
    expect(Math.abs(review.head_angles.yaw)).toBeLessThan(TURN_MIN_DEGREES);
    // The moderator decides: the model never rejects alone.
    const approved = await moderator.post('/api/admin/verifications.php', { id: attempt.id, decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect((await member.browser.get('/api/verification.php')).json).toMatchObject({ verified: true });
  });

  it('sends another person’s selfie to a moderator, who sees it beside the photos and decides; the selfie is deleted', async () => {
    const member = await memberWithPhoto('harmless-photos/photo-astronaut.jpg');
    const attempt = await sendSelfie(member.browser, await read('harmless-photos/photo-cameraman.jpg'));
    expect(VERIFICATION_POSES).toContain(attempt.pose);
    const outcome = await runJob(attempt.id);
    expect(outcome).toMatchObject({ status: 'awaiting_review', faceFound: true });
    expect(outcome?.score).toBeLessThan(FACE_MATCH_THRESHOLD);
    await expectWaitingForModerator(member.browser);

    const { moderator, review } = await reviewOf(attempt.id);
    expect(review).toMatchObject({
      profile_id: member.profile.id,
      pose: attempt.pose,
      face_found: true,
      threshold: FACE_MATCH_THRESHOLD,
      best_photo_id: member.photo.id,
      photos: [{ id: member.photo.id, is_main: true }],
    });
    expect(review.score).toBeCloseTo(outcome?.score as number, 6);
    const selfie = await moderator.get(review.selfie_url);
    expect(selfie.status).toBe(200);
    expect(selfie.headers['cache-control']).toBe('no-store');
    const views = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.view_selfie'), eq(auditLog.object_id, String(attempt.id))));
    expect(views).toHaveLength(1);

    // Support reads members but never sees a selfie; a moderator of another site does not find it.
    const support = await loginStaff(server.url, await createStaff(db(), 'support', [siteId]), clock.now());
    expect((await support.get(review.selfie_url)).status).toBe(403);
    const otherSite = (await createSite(db())).id;
    const foreign = await loginStaff(server.url, await createStaff(db(), 'moderator', [otherSite]), clock.now());
    expect((await foreign.get(review.selfie_url)).status).toBe(404);
    expect((await foreign.post('/api/admin/verifications.php', { id: attempt.id, decision: 'approve' })).status).toBe(
      404,
    );

    const stored = await attemptRow(attempt.id);
    const approved = await moderator.post('/api/admin/verifications.php', { id: attempt.id, decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json).toEqual({ id: attempt.id, status: 'verified' });
    expect(await fileExists(stored?.selfie_filename)).toBe(false);
    expect(await attemptRow(attempt.id)).toMatchObject({ status: 'verified', selfie_filename: null });
    expect((await moderator.get(review.selfie_url)).status).toBe(404);
    expect((await member.browser.get('/api/verification.php')).json).toMatchObject({ verified: true });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.approve'), eq(auditLog.object_id, String(attempt.id))));
    expect(entry?.before).toMatchObject({ status: 'awaiting_review', pose: attempt.pose });
    expect((await moderator.post('/api/admin/verifications.php', { id: attempt.id, decision: 'reject' })).status).toBe(
      409,
    );
  }, 120_000);

  it('sends a selfie without a face to a moderator, whose rejection leaves the member unverified', async () => {
    const member = await memberWithPhoto('harmless-photos/photo-astronaut.jpg');
    const attempt = await sendSelfie(member.browser, await jpegWithGps(640, 480));
    expect(await runJob(attempt.id)).toEqual({
      status: 'awaiting_review',
      faceFound: false,
      score: null,
      bestPhotoId: null,
      headAngles: null,
      poseMatched: null,
    });
    const stored = await attemptRow(attempt.id);
    // The selfie was re-encoded without metadata (the upload had GPS).
    const meta = await sharp(
      (await server.app.deps.photoStore.read(stored?.selfie_filename as string)) as Buffer,
    ).metadata();
    expect(meta.exif).toBeUndefined();
    const moderator = await loginStaff(server.url, await createStaff(db(), 'moderator', [siteId]), clock.now());
    const rejected = await moderator.post('/api/admin/verifications.php', { id: attempt.id, decision: 'reject' });
    expect(rejected.json).toEqual({ id: attempt.id, status: 'rejected' });
    expect(await fileExists(stored?.selfie_filename)).toBe(false);
    expect((await member.browser.get('/api/verification.php')).json).toMatchObject({
      verified: false,
      attempt: { status: 'rejected', selfie_url: null },
    });
  }, 120_000);

  it('sends a selfie the model keeps failing on to a moderator unchecked after the last attempt', async () => {
    const member = await memberWithPhoto('harmless-photos/photo-astronaut.jpg');
    const attempt = await sendSelfie(member.browser, await read('faces/selfie-astronaut.jpg'));
    const failing: FaceModel = {
      largestFace: () => Promise.reject(new Error('model failed')),
      similarity: () => 0,
    };
    const deps = { ...server.app.deps, faceModel: failing };
    // An earlier attempt leaves it checking (the queue retries it).
    await expect(runVerifySelfieJob(deps, { attempt: attempt.id }, { attempts: 1, max_attempts: 3 })).rejects.toThrow(
      'model failed',
    );
    expect((await attemptRow(attempt.id))?.status).toBe('checking');
    // The last one sends it to a moderator, who sees that the model did not check it.
    await expect(runVerifySelfieJob(deps, { attempt: attempt.id }, { attempts: 3, max_attempts: 3 })).rejects.toThrow(
      'model failed',
    );
    expect(await attemptRow(attempt.id)).toMatchObject({
      status: 'awaiting_review',
      face_found: null,
      score: null,
      pose_matched: null,
    });
    await expectWaitingForModerator(member.browser);
    expect((await reviewOf(attempt.id)).review).toMatchObject({
      face_found: null,
      score: null,
      pose_matched: null,
      head_angles: null,
    });
  });

  it('refuses a selfie after its ten minutes, and a start without an approved main image', async () => {
    const member = await memberWithPhoto('harmless-photos/photo-astronaut.jpg');
    const started = await member.browser.post('/api/verification.php', {});
    clock.advance(11 * 60);
    const late = await postMultipart(`${server.url}/api/verification-selfie.php`, {
      fields: { attempt: String(started.json.id) },
      file: await read('faces/selfie-astronaut.jpg'),
      sid: member.browser.cookie('sid'),
    });
    expect(late.status).toBe(410);
    expect(late.json.error).toBe('verification_expired');
    expect((await member.browser.get('/api/verification.php')).json.attempt.status).toBe('expired');

    const bare = await createChatMember(db(), siteId, server.url);
    const refused = await bare.browser.post('/api/verification.php', {});
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('verification_needs_photo');
  });

  it('erases a selfie that waits for review with the account', async () => {
    const member = await memberWithPhoto('harmless-photos/photo-astronaut.jpg');
    const attempt = await sendSelfie(member.browser, await read('harmless-photos/photo-cameraman.jpg'));
    const selfie = (await attemptRow(attempt.id))?.selfie_filename;
    expect(await fileExists(selfie)).toBe(true);
    await db()
      .update(users)
      .set({ status: 'pending_deletion', deletion_requested_at: new Date(clock.now().getTime() - 15 * 24 * 3600_000) })
      .where(eq(users.id, member.user.id));
    expect(await eraseExpiredAccounts(server.app.deps, { now: clock.now() })).toBeGreaterThanOrEqual(1);
    expect(await fileExists(selfie)).toBe(false);
    expect(await attemptRow(attempt.id)).toBeUndefined();
  });

  it('never verifies a fictional profile', async () => {
    const fictional = await createProfile(db(), siteId, { is_fictional: true, status: 'active' });
    const photo = await createPhoto(db(), fictional.id);
    await db().update(profiles).set({ main_photo_id: photo.id }).where(eq(profiles.id, fictional.id));
    expect(await verifyProfile(db(), fictional.id, clock.now())).toBe(false);
    await expect(
      db().update(profiles).set({ verified_at: clock.now() }).where(eq(profiles.id, fictional.id)),
    ).rejects.toThrow();
    const viewer = (await createChatMember(db(), siteId, server.url)).browser;
    expect(await cardOf(viewer, fictional.id)).toMatchObject({ fictional: true, verified: false });
  });
});

/** The shared face model, counting its calls (the request path must make none). */
function countingModel(): FaceModel {
  return {
    largestFace: (data) => {
      modelCalls++;
      return faceModel.largestFace(data);
    },
    similarity: (a, b) => faceModel.similarity(a, b),
  };
}
