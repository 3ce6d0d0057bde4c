import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { logInByApi } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const CLIENT = { 'x-request-type': 'client' };

async function logIn(page: Page) {
  await logInByApi(page, DEMO.email, DEMO.password);
}

test('a member edits the profile, reloads and sees it saved', async ({ page }) => {
  await logIn(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile editor');

  const description = `Ik wandel graag langs de zee. (${Date.now()})`;
  await page.getByRole('textbox', { name: 'Over mij' }).fill(description);
  const interest = page.getByTestId('interests-picker').getByRole('button', { name: 'Sushi' });
  const wasPressed = (await interest.getAttribute('aria-pressed')) === 'true';
  await interest.click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Je profiel is opgeslagen.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile editor saved');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Over mij' })).toHaveValue(description);
  await expect(page.getByTestId('interests-picker').getByRole('button', { name: 'Sushi' })).toHaveAttribute(
    'aria-pressed',
    String(!wasPressed),
  );
});

test('a member uploads a photo and sees it waiting for approval, with the limit', async ({
  page,
  playwright,
  baseURL,
}) => {
  await logIn(page);
  // The demo member has 2 photos of 3; make room when a retry finds the list full.
  const list = await (await page.request.get('/api/photos.php')).json();
  for (const photo of list.photos.slice(2)) {
    await page.request.delete('/api/photos.php', { headers: CLIENT, data: { photo: photo.id } });
  }
  const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

  // The e2e server seeds its demo site without automatic approval (SEED_AUTO_APPROVE_PHOTOS=0), so
  // a new photo waits for staff, as on a production site.
  await page.goto('/profile');
  await expect(page.getByTestId('photo-count')).toContainText('2 van 3');
  await expect(page.getByTestId('photo-count')).toContainText("Premium leden kunnen tot 25 foto's plaatsen.");
  await page.getByTestId('photo-input').setInputFiles({ name: 'zee.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('own-photo')).toHaveCount(3);
  await expect(page.getByTestId('photo-count')).toContainText('3 van 3');
  await expect(page.getByTestId('own-photo').last()).toContainText('Wacht op goedkeuring');
  await expect(page.getByText("Je hebt het maximale aantal foto's bereikt (3)")).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'photos full, one awaiting approval');

  // Really stored and waiting: the owner's list has it, its file is served, others do not see it.
  const after = await (await page.request.get('/api/photos.php')).json();
  expect(after.photos).toHaveLength(3);
  const uploaded = after.photos.at(-1);
  expect(uploaded.status).toBe('awaiting_approval');
  const file = await page.request.get(`/photos/${uploaded.filename}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/jpeg');
  const me = await (await page.request.get('/api/user.php')).json();
  const visitor = await playwright.request.newContext({ baseURL });
  const publicView = await (await visitor.get(`/api/profile.php?id=${me.profile.id}`)).json();
  expect(publicView.profile.photos.map((p: { id: number }) => p.id)).not.toContain(uploaded.id);
  await visitor.dispose();
});

test('a photo on a profile opens in the full-size viewer with next and previous', async ({ page }) => {
  await logIn(page);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Bekijk mijn profiel zoals anderen het zien' }).click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.locator('#photos-heading + ul button').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'own profile as others see it');
  await page.locator('#photos-heading + ul button').first().click();
  const viewer = page.getByTestId('photo-viewer');
  await expect(viewer).toContainText(/Foto 1 van \d/);
  await page.getByRole('button', { name: 'Volgende foto' }).click();
  await expect(viewer).toContainText(/Foto 2 van \d/);
  await expectNoSeriousA11yViolations(page, 'photo viewer');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText(/Foto 1 van \d/);
});
