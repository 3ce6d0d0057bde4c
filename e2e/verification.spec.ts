/**
 * Verified members (docs/decisions/026-verified-members.md): Chromium's fake camera plays a shipped
 * picture as the member's camera (`--use-file-for-fake-video-capture`), the server's own job worker
 * compares the selfie with the member's approved main photo with the real face model (loaded at the
 * first selfie, a few seconds), and the screens follow the outcome.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import config from '../playwright.config';
import { mailedLink, signUpByApi, uniqueEmail } from './access-helpers';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE, sidewaysOverflow } from './devices';
import { expect, test } from './fixtures';
import { ROOT } from './server';
import { useEnglish } from './site-language-helpers';

const CLIENT = { 'x-request-type': 'client' };
const FIXTURES = path.join(ROOT, 'apps/server/test/fixtures');
const ASTRONAUT = path.join(FIXTURES, 'harmless-photos/photo-astronaut.jpg');
const CAMERAMAN = path.join(FIXTURES, 'harmless-photos/photo-cameraman.jpg');

/** A JPEG as an MJPEG "video" of one frame for Chromium's fake camera (it plays the file in a loop). */
function fakeCameraFile(jpeg: string, name: string): string {
  const file = path.join(os.tmpdir(), `e2e-fake-camera-${name}.mjpeg`);
  copyFileSync(jpeg, file);
  return file;
}

/** The configured Chromium arguments plus a fake camera that shows `video`, allowed without asking. */
function withCamera(video: string) {
  const launch = config.use?.launchOptions ?? {};
  return {
    launchOptions: {
      ...launch,
      args: [
        ...(launch.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    },
    permissions: ['camera'],
  };
}

/**
 * A new member with `photo` as their approved main image (approved by the demo admin through the
 * API), in a context of `browser` (`baseURL` for a browser launched by the journey itself).
 */
async function memberWithPhoto(
  browser: Browser,
  admins: Browser,
  tag: string,
  photo: string,
  baseURL?: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; id: number }> {
  const context = await browser.newContext({
    locale: 'nl-NL',
    permissions: ['camera'],
    ...options,
    ...(baseURL ? { baseURL } : {}),
  });
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  await signUpByApi(page, email, `${tag}${Math.floor(Math.random() * 1e5)}`);
  await page.goto(await mailedLink(page.request, email, '/activate/done'));
  await expect(page.getByTestId('activate-done')).toBeVisible();
  const photoId = await uploadPhoto(page, photo);
  await approvePhoto(admins, photoId);
  const me = await (await page.request.get('/api/user.php')).json();
  return { page, id: me.profile.id as number };
}

async function uploadPhoto(page: Page, file: string): Promise<number> {
  const res = await page.request.post('/api/photos.php', {
    headers: CLIENT,
    multipart: { file: { name: 'portret.jpg', mimeType: 'image/jpeg', buffer: readFileSync(file) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

async function approvePhoto(browser: Browser, photoId: number): Promise<void> {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const admin = await context.newPage();
  await signInStaff(admin, DEMO_ADMIN);
  // The score job runs first (about a second); the moderator's approval stands either way.
  const res = await admin.request.post('/api/admin/photos.php', {
    headers: CLIENT,
    data: { ids: [photoId], decision: 'approve' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

/** The texts of the poses the journeys' camera shows, as their members read them. */
const POSE_TEXT = {
  tilt_head_left: { nl: 'Kantel je hoofd naar je linkerschouder', en: 'Tilt your head towards your left shoulder' },
};

/** The member of the first journeys with her head tilted towards her left shoulder (pose tilt_head_left). */
const TILTED_SELFIE = path.join(FIXTURES, 'faces/selfie-astronaut-tilted-left.jpg');

// The file's browser: its camera shows the member of the first journey, in the pose she is asked for.
test.use(withCamera(fakeCameraFile(TILTED_SELFIE, 'astronaut-tilted')));

/**
 * The member's camera shows one pose, and the server asks a random one: starts again (as the
 * member's "new pose" would) until the attempt asks for `pose`, then shows it. Bounded: 4 poses, at
 * most 60 starts ((3/4)^60 < 1e-7).
 */
async function untilPoseAsked(page: Page, pose: keyof typeof POSE_TEXT, language: 'nl' | 'en' = 'nl'): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const state = await (await page.request.get('/api/verification.php')).json();
    if (state.attempt?.status === 'awaiting_selfie' && state.attempt.pose === pose) break;
    const started = await page.request.post('/api/verification.php', { headers: CLIENT, data: {} });
    expect(started.status(), await started.text()).toBe(200);
  }
  await page.goto('/verify');
  await expect(page.getByTestId('verify-pose')).toHaveText(POSE_TEXT[pose][language]);
}

test('a selfie in the asked pose that matches gives the badge, and a new main photo ends it', async ({ browser }) => {
  test.setTimeout(180_000);
  const member = await memberWithPhoto(browser, browser, 'Astronaut', ASTRONAUT);
  const page = member.page;
  await page.goto('/profile');
  await page.getByTestId('verify-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verifieer je profiel' })).toBeVisible();
  await page.getByTestId('verify-start').click();
  await expect(page.getByTestId('verify-pose')).not.toBeEmpty();
  await untilPoseAsked(page, 'tilt_head_left');
  // The fake camera's picture plays in the preview before the selfie is taken.
  await expect
    .poll(() => page.getByTestId('verify-preview').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, 'verify screen with the camera');
  await page.getByTestId('verify-capture').click();
  // Compared in the job queue (the model loads at the first selfie), then the badge.
  await expect(page.getByTestId('verify-status')).toContainText('Je profiel is geverifieerd', { timeout: 60_000 });
  await expect(page.getByTestId('verified-badge')).toBeVisible();

  await page.goto(`/members/${member.id}`);
  await expect(page.getByRole('img', { name: /Geverifieerd/ })).toBeVisible();

  // A new main photo ends the badge until the member verifies again.
  const second = await uploadPhoto(page, CAMERAMAN);
  await approvePhoto(browser, second);
  const changed = await page.request.put('/api/photos.php', { headers: CLIENT, data: { photo: second, main: true } });
  expect(changed.status(), await changed.text()).toBe(200);
  await page.goto(`/members/${member.id}`);
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page.getByTestId('verified-badge')).toHaveCount(0);
  await page.goto('/verify');
  await expect(page.getByText('Je badge is vervallen omdat je je hoofdfoto hebt gewijzigd')).toBeVisible();
  await expect(page.getByTestId('verify-start')).toBeVisible();
  await page.context().close();
});

test('a selfie that does not match goes to a moderator, who sees it beside the photos and verifies', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A Chromium of its own whose camera shows someone else (launch options are per file, not per journey).
  const other = await chromium.launch(withCamera(fakeCameraFile(CAMERAMAN, 'cameraman')).launchOptions);
  const member = await memberWithPhoto(other, browser, 'Twijfel', ASTRONAUT, baseURL);
  const page = member.page;
  await page.goto('/verify');
  await page.getByTestId('verify-start').click();
  const pose = (await page.getByTestId('verify-pose').innerText()).trim();
  await expect
    .poll(() => page.getByTestId('verify-preview').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await page.getByTestId('verify-capture').click();
  await expect(page.getByTestId('verify-status')).toContainText('Een moderator bekijkt je selfie binnenkort', {
    timeout: 60_000,
  });

  const adminContext = await browser.newContext({ locale: 'nl-NL' });
  const admin = await adminContext.newPage();
  await signInStaff(admin, DEMO_ADMIN);
  await admin.goto('/admin/verifications');
  const review = admin.getByTestId('verification-review').filter({ hasText: String(member.id) });
  await expect(review).toBeVisible();
  await expect(review.getByRole('img', { name: /^Selfie van / })).toBeVisible();
  await expect(review.getByTestId('verification-pose')).not.toBeEmpty();
  // The face model's pose check beside the pose asked (the cameraman's head is turned to his left).
  await expect(review.getByTestId('verification-pose-check')).not.toBeEmpty();
  await expect(review.getByTestId('verification-score')).toBeVisible();
  await expect(review.getByRole('img', { name: /^Foto 1 van / })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'verification queue');
  await review.getByRole('button', { name: /verifiëren$/ }).click();
  await expect(admin.getByTestId('verification-queue-status')).toContainText('is geverifieerd');
  await expect(review).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('verify-status')).toContainText('Je profiel is geverifieerd');
  expect(pose.length).toBeGreaterThan(0);
  await other.close();
});

test('on a phone in English the screen fits, and a selfie uploaded instead of taken verifies too', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const member = await memberWithPhoto(browser, browser, 'Upload', ASTRONAUT, undefined, { ...PHONE, locale: 'en-GB' });
  const page = member.page;
  await useEnglish(page.context(), test.info().project.use.baseURL ?? new URL(page.url()).origin);
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your profile' })).toBeVisible();
  await expect(page.getByText('Your selfie is private')).toBeVisible();
  await page.getByTestId('verify-start').click();
  await expect(page.getByTestId('verify-pose')).not.toBeEmpty();
  await untilPoseAsked(page, 'tilt_head_left', 'en');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'verify screen on a phone in English');
  await page.getByTestId('verify-upload').setInputFiles(TILTED_SELFIE);
  await expect(page.getByTestId('verify-status')).toContainText('Your profile is verified', { timeout: 60_000 });
  await page.context().close();
});
