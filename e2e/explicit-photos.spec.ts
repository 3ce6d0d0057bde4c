/**
 * Explicit photos (docs/decisions/023-explicit-photos.md): the journeys' server scores photos by how
 * red they are (TEST_PHOTO_SCORER=colour, e2e/server.ts), so a red photo is above the threshold and a
 * blue one is not, scored by the server's own job worker about a second after the upload.
 */
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { buyCreditsByApi, mailedLink, signUpByApi, uniqueEmail } from './access-helpers';
import { createStaffAccount, DEMO_ADMIN, loginStaff, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };

/** A JPEG of one colour: red is explicit for the colour scorer, blue is not. */
const solid = (background: string) =>
  sharp({ create: { width: 480, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A new member in a browser of their own: signed up through the API and activated through the mailed link. */
async function newMember(browser: Browser, tag: string): Promise<{ page: Page; name: string; id: number }> {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  const name = `${tag}${Math.floor(Math.random() * 1e5)}`;
  await signUpByApi(page, email, name);
  await page.goto(await mailedLink(page.request, email, '/activate/done'));
  await expect(page.getByTestId('activate-done')).toBeVisible();
  const me = await (await page.request.get('/api/user.php')).json();
  return { page, name, id: me.profile.id as number };
}

/** Sends a chat photo of `colour` from the member on `page` to `profile` through the API. */
async function sendPhoto(page: Page, profile: number, colour: string): Promise<number> {
  const res = await page.request.post('/api/chat-photo.php', {
    headers: CLIENT,
    multipart: {
      profile: String(profile),
      client_id: crypto.randomUUID(),
      file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await solid(colour) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { message: { id: number } }).message.id;
}

test('a received explicit photo is blurred with view and report, and the choice holds for the chat', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const sender = await newMember(browser, 'Fotograaf');
  const recipient = await newMember(browser, 'Ontvanger');
  await buyCreditsByApi(sender.page);
  await sendPhoto(sender.page, recipient.id, '#ff0000');

  // Blurred with the warning once the job has scored it (the app hears photo_checked and reloads).
  const page = recipient.page;
  await page.goto(`/members/${sender.id}/chat`);
  const blurred = page.getByTestId('blurred-photo');
  await expect(blurred).toHaveAttribute('data-check', 'explicit');
  await expect(blurred).toContainText('Deze foto is mogelijk expliciet');
  await expect(blurred.getByRole('button', { name: 'Foto bekijken' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'chat with a blurred photo');

  // Reporting it sends the photo message with the report.
  await blurred.getByTestId('report-explicit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Het gekozen bericht wordt met je melding meegestuurd.');
  await dialog.getByLabel("Ongepaste foto's").check();
  await dialog.getByTestId('report-submit').click();
  await expect(page.getByText('Bedankt, ons team gaat ernaar kijken')).toBeVisible();

  // Viewing shows it, and every later photo of this chat, also after a reload.
  await blurred.getByTestId('show-explicit').click();
  await expect(page.getByTestId('blurred-photo')).toHaveCount(0);
  await expect(page.locator('.chat-bubble-photo img')).toHaveCount(1);
  await sendPhoto(sender.page, recipient.id, '#ff0000');
  await page.reload();
  await expect(page.locator('.chat-bubble-photo img')).toHaveCount(2);
  await expect(page.getByTestId('blurred-photo')).toHaveCount(0);

  // The sender never sees their own photo blurred, and is told what the recipient sees.
  await sender.page.goto(`/members/${recipient.id}/chat`);
  await expect(sender.page.locator('.chat-bubble-photo img')).toHaveCount(2);
  await expect(sender.page.getByTestId('blurred-photo')).toHaveCount(0);
  await expect(sender.page.getByTestId('photo-blur-notice')).toBeVisible();
  for (const p of [sender.page, recipient.page]) await p.context().close();
});

test('a moderator sees waiting photos ordered by their score, the score shown', async ({ browser }) => {
  test.setTimeout(180_000);
  const mild = await newMember(browser, 'Blauw');
  const bold = await newMember(browser, 'Rood');
  const upload = async (page: Page, colour: string) => {
    const res = await page.request.post('/api/photos.php', {
      headers: CLIENT,
      multipart: { file: { name: 'portret.jpg', mimeType: 'image/jpeg', buffer: await solid(colour) } },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  // The blue one first: the order comes from the score, not the upload time.
  await upload(mild.page, '#2050c0');
  await upload(bold.page, '#ff0000');

  const adminContext = await browser.newContext({ locale: 'nl-NL' });
  const admin = await adminContext.newPage();
  await signInStaff(admin, DEMO_ADMIN);
  const sites = (await (await admin.request.get('/api/admin/sites.php')).json()) as { id: number }[];
  const account = await createStaffAccount(
    admin,
    'moderator',
    sites.map((s) => s.id),
  );
  await adminContext.close();
  const mod = await (await browser.newContext({ locale: 'nl-NL' })).newPage();
  await loginStaff(mod, account);

  // Both scored by the job about a second after the upload: reload until the badges are there.
  const groups = mod.getByTestId('photo-group');
  const boldGroup = groups.filter({ hasText: bold.name });
  const mildGroup = groups.filter({ hasText: mild.name });
  await expect(async () => {
    await mod.goto('/admin/photos');
    await expect(boldGroup.getByTestId('explicit-score')).toHaveText(
      /^Expliciet-score [01][.,]\d\d: boven de drempel$/,
      {
        timeout: 2000,
      },
    );
    await expect(mildGroup.getByTestId('explicit-score')).toHaveText(/^Expliciet-score 0[.,]00$/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const names = await groups.allTextContents();
  const boldAt = names.findIndex((text) => text.includes(bold.name));
  const mildAt = names.findIndex((text) => text.includes(mild.name));
  expect(boldAt).toBeGreaterThanOrEqual(0);
  expect(boldAt).toBeLessThan(mildAt);
  await expectNoSeriousA11yViolations(mod, 'photo queue ordered by score');
  for (const p of [mild.page, bold.page, mod]) await p.context().close();
});
