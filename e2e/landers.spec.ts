import type { BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

/**
 * The landers (SPEC.md 2; issue: public site) in a real browser: each design renders, labels every
 * fictional profile it shows, passes axe and leads to signup (the dialog on a desktop, the page on a phone); a profile on a lander (and a profile
 * lander) leads to /members/{id}/signup, whose step 0 shows that profile's fictional label; the swipe
 * deck is played with the keyboard and with the buttons to its signup prompt; the same on a phone.
 */

const LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  'tinderswipe',
] as const;
/** The demo site's fictional label in Dutch (seed/site-texts.ts). */
const LABEL = 'fictief profiel';

// Each test loads several pages and scans them; generous on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** A visitor who chose cookies and closed the site-entry warning before: the page itself is tested. */
async function returningVisitor(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await context.addCookies([{ name: 'cookie_consent', value: `v1.s0.m0.t${now}`, url: baseURL ?? 'http://127.0.0.1' }]);
  await context.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
}

/** Every fictional profile on the page carries the visible fictional label (DECISIONS.md). */
async function expectFictionalLabelled(page: Page, name: string): Promise<void> {
  const fictional = page.locator('main [data-profile-id][data-fictional="true"]');
  const count = await fictional.count();
  expect(count, `fictional profiles on ${name}`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const label = fictional.nth(i).getByTestId('fictional-label').first();
    await expect(label, `${name}: fictional profile ${i + 1}`).toBeVisible();
    await expect(label).toContainText(LABEL);
  }
}

/** Signup step 0 of /members/{id}/signup shows the profile with its fictional label. */
async function expectStepZeroLabelled(page: Page, id: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/members/${id}/signup`));
  const step = page.getByTestId('signup-message-step');
  await expect(step).toBeVisible();
  await expect(step.locator('.fictional-label')).toContainText(LABEL);
}

test.beforeEach(async ({ context, baseURL }) => {
  await returningVisitor(context, baseURL);
});

for (const name of LANDERS) {
  test(`${name} renders, labels fictional profiles, passes axe and leads to signup`, async ({ page }) => {
    const res = await page.goto(`/landers/${name}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator(`[data-lander="${name}"]`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFictionalLabelled(page, name);
    // No online states anywhere (DECISIONS.md: no made-up activity).
    await expect(page.locator('main')).not.toContainText(/online/i);
    await expectNoSeriousA11yViolations(page, `lander ${name}`);
    // On a desktop signup opens as a dialog on the lander (SPEC.md 2; e2e/public-signup.spec.ts).
    await page.getByTestId('lander-signup').first().click();
    await expect(page.getByRole('dialog').getByTestId('signup-form')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/landers/${name}$`));
  });
}

test('a fictional profile on a lander leads to its signup, with its label on step 0', async ({ page }) => {
  await page.goto('/landers/gallery');
  const card = page.locator('main li[data-profile-id][data-fictional="true"]').first();
  const id = (await card.getAttribute('data-profile-id')) ?? '';
  await card.locator(`a[href="/members/${id}/signup"]`).click();
  await expectStepZeroLabelled(page, id);
  await expectNoSeriousA11yViolations(page, 'signup step 0 of a fictional profile');
});

test('the profile landers show the profile, its label and warning, and lead to its signup', async ({ page }) => {
  await page.goto('/landers/socialnetwork');
  const id =
    (await page.locator('main [data-profile-id][data-fictional="true"]').first().getAttribute('data-profile-id')) ?? '';
  for (const pathName of [`/members/${id}/landing`, `/members/${id}/landing2/zomer`, `/members/${id}/landing3`]) {
    const res = await page.goto(pathName);
    expect(res?.status(), pathName).toBe(200);
    const lander = page.locator(`.ld-profile[data-profile-id="${id}"]`);
    await expect(lander).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(lander.getByTestId('fictional-label').first()).toBeVisible();
    await expect(lander.locator('.ld-warn')).toContainText('fictief');
    await expectNoSeriousA11yViolations(page, `profile lander ${pathName}`);
  }
  await page.getByTestId('lander-signup').first().click();
  await expectStepZeroLabelled(page, id);
});

test('tinderswipe: swiped by keyboard to the signup prompt, which leads to the liked profile', async ({ page }) => {
  await page.goto('/landers/tinderswipe');
  const deck = page.getByTestId('swipe-deck');
  await expect(deck).toBeVisible();
  const rounds = Number((await deck.locator('.ld-deck-progress').textContent())?.match(/van (\d+)/)?.[1]);
  expect(rounds).toBeGreaterThanOrEqual(3);
  expect(rounds).toBeLessThanOrEqual(5);
  const first = (await deck.locator('article[data-profile-id]').getAttribute('data-profile-id')) ?? '';
  // The islands are hydrated: the like button answers the arrow keys once it has focus.
  await page.getByTestId('swipe-like').focus();
  await page.keyboard.press('ArrowRight');
  await expect(deck.locator('.ld-deck-progress')).toContainText(`2 van ${rounds}`);
  for (let i = 1; i < rounds; i++) await page.keyboard.press('ArrowLeft');
  const done = page.getByTestId('swipe-done');
  await expect(done).toBeVisible();
  await expect(done.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(done.getByTestId('fictional-label').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'tinderswipe signup prompt');
  await done.getByTestId('swipe-signup').click();
  await expectStepZeroLabelled(page, first);
});

test('tinderswipe: the buttons skip every card, then the prompt leads to signup', async ({ page }) => {
  await page.goto('/landers/tinderswipe');
  const deck = page.getByTestId('swipe-deck');
  const rounds = Number((await deck.locator('.ld-deck-progress').textContent())?.match(/van (\d+)/)?.[1]);
  for (let i = 0; i < rounds; i++) {
    await expect(deck.locator('.ld-deck-progress')).toContainText(`${i + 1} van ${rounds}`);
    await page.getByTestId('swipe-skip').click();
  }
  await page.getByTestId('swipe-signup').click();
  await expect(page.getByRole('dialog').getByTestId('signup-form')).toBeVisible();
});

test('the video waits for play, has a poster and controls, and invites to sign up at its end', async ({ page }) => {
  await page.goto('/landers/video');
  const video = page.locator('video');
  await expect(video).toHaveAttribute('poster', /\.jpg$/);
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).not.toHaveAttribute('autoplay');
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const poster = await page.request.get((await video.getAttribute('poster')) ?? '');
  expect(poster.status()).toBe(200);
  // Play the last moment of the clip (muted: a test has no one to hear it).
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.load();
    await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
    v.currentTime = Math.max(0, v.duration - 0.3);
    await v.play();
  });
  const end = page.locator('.ld-video-end');
  await expect(end).toBeVisible({ timeout: 15_000 });
  await expect(end.getByRole('link')).toHaveAttribute('href', '/signup');
});

test('the crossfade stands still for visitors who ask for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/landers/transitionsvideolanding');
  const photos = page.locator('.ld-fade-photo');
  expect(await photos.first().evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  expect(await photos.first().evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  expect(await photos.nth(1).evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  for (const name of LANDERS) {
    test(`${name} fits the screen, passes axe and leads to signup`, async ({ page }) => {
      await page.goto(`/landers/${name}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
      await expectFictionalLabelled(page, name);
      await expectNoSeriousA11yViolations(page, `lander ${name} (phone)`);
      const cta = page.getByTestId('lander-signup').first();
      await cta.scrollIntoViewIfNeeded();
      await cta.click();
      await expect(page).toHaveURL(/\/signup$/);
    });
  }

  test('tinderswipe is played with taps to the signup prompt', async ({ page }) => {
    await page.goto('/landers/tinderswipe');
    const deck = page.getByTestId('swipe-deck');
    const rounds = Number((await deck.locator('.ld-deck-progress').textContent())?.match(/van (\d+)/)?.[1]);
    for (let i = 0; i < rounds; i++) await page.getByTestId(i === 0 ? 'swipe-like' : 'swipe-skip').tap();
    await expect(page.getByTestId('swipe-done')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'tinderswipe signup prompt (phone)');
  });
});
