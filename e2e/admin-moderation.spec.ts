import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { mailedLink, STRONG_PASSWORD, signUpByApi, uniqueEmail } from './access-helpers';
import { createStaffAccount, DEMO_ADMIN, loginStaff, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };

/** A new member in a browser of their own: signed up through the API and activated through the mailed link. */
async function newMember(
  browser: Browser,
  tag: string,
): Promise<{ page: Page; email: string; name: string; id: number }> {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  const email = uniqueEmail(tag);
  const name = `${tag}${Math.floor(Math.random() * 1e5)}`;
  await signUpByApi(page, email, name);
  await page.goto(await mailedLink(page.request, email, '/activate/done'));
  await expect(page.getByTestId('activate-done')).toBeVisible();
  const me = await (await page.request.get('/api/user.php')).json();
  return { page, email, name, id: me.profile.id as number };
}

/** A moderator of every site, made by the demo admin, logged into the back office in its own browser. */
async function newModerator(browser: Browser): Promise<Page> {
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
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  await loginStaff(page, account);
  return page;
}

test('a member reports a message and a moderator bans the sender, who can no longer log in', async ({ browser }) => {
  test.setTimeout(180_000);
  const reporter = await newMember(browser, 'Melder');
  const sender = await newMember(browser, 'Afzender');
  const sent = await sender.page.request.post('/api/message.php', {
    headers: CLIENT,
    data: { profile: reporter.id, text: 'Stuur me je bankgegevens', client_id: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // The reporter reports the received message from the chat and blocks the sender.
  await reporter.page.goto(`/members/${sender.id}/chat`);
  const bubble = reporter.page.getByTestId('chat-message').filter({ hasText: 'bankgegevens' });
  await bubble.getByTestId('report-message').click();
  const dialog = reporter.page.getByRole('dialog');
  await expect(dialog).toContainText('Het gekozen bericht wordt met je melding meegestuurd.');
  await dialog.getByLabel('Oplichting of vragen om geld').check();
  await dialog.getByLabel('Vertel ons meer (niet verplicht)').fill('Vraagt om geld');
  await dialog.getByLabel(`Blokkeer ${sender.name} ook`).check();
  await expectNoSeriousA11yViolations(reporter.page, 'report dialog');
  await dialog.getByTestId('report-submit').click();
  await expect(reporter.page.getByText('Bedankt, ons team gaat ernaar kijken')).toBeVisible();

  // A moderator finds it in the queue, reads the evidence and bans the sender.
  const mod = await newModerator(browser);
  await mod.goto('/admin/reports');
  const row = mod.getByTestId('report-table').locator('tr').filter({ hasText: sender.name });
  await expect(row).toHaveCount(1);
  await expectNoSeriousA11yViolations(mod, 'reports list');
  await row.getByRole('link').click();
  await expect(mod.getByTestId('evidence')).toContainText('Stuur me je bankgegevens');
  await expect(mod.getByTestId('evidence')).toContainText('Gemeld bericht');
  await expect(mod.locator('main')).toContainText('Vraagt om geld');
  await expectNoSeriousA11yViolations(mod, 'report detail');
  await mod.getByLabel('Verbannen: account sluiten').check();
  await mod
    .getByLabel('Toelichting voor het lid (in de mail, niet verplicht)')
    .fill('Vragen om geld is niet toegestaan.');
  await mod.getByRole('button', { name: 'Melding afhandelen' }).click();
  await expect(mod.getByText('De melding is afgehandeld.', { exact: false })).toBeVisible();
  await expect(mod.getByTestId('sanctions')).toContainText('Verbanning');

  // The sender's session ended; logging in again leads to the ban page.
  const senderPage = sender.page;
  expect((await senderPage.request.get('/api/user.php')).status()).toBe(403);
  await senderPage.context().clearCookies();
  await senderPage.goto('/login');
  await senderPage.getByLabel('E-mailadres').fill(sender.email);
  await senderPage.getByLabel('Wachtwoord').fill(STRONG_PASSWORD);
  await senderPage.getByRole('button', { name: 'Inloggen' }).click();
  await expect(senderPage).toHaveURL(/\/pages\/ban\?closed=1$/);
  await expect(senderPage.getByTestId('ban-notice')).toContainText('Je account is gesloten.');
  await expectNoSeriousA11yViolations(senderPage, 'ban page after a refused login');

  for (const page of [reporter.page, senderPage, mod]) await page.context().close();
});

test('a moderator approves a waiting photo and a visitor then sees it', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await newMember(browser, 'Fotomodel');
  const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
  const upload = await owner.page.request.post('/api/photos.php', {
    headers: CLIENT,
    multipart: { file: { name: 'portret.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const photo = (await upload.json()) as { id: number; status: string };
  expect(photo.status).toBe('awaiting_approval');

  const visitor = await (await browser.newContext({ locale: 'nl-NL' })).newPage();
  await visitor.goto(`/members/${owner.id}`);
  await expect(visitor.getByTestId('profile-name')).toContainText(owner.name);
  await expect(visitor.locator('#photos-heading')).toHaveCount(0);

  const mod = await newModerator(browser);
  await mod.goto('/admin/photos');
  const group = mod.getByTestId('photo-group').filter({ hasText: owner.name });
  await expect(group.getByTestId('waiting-photo')).toHaveCount(1);
  await expect(group.getByRole('img', { name: `Foto 1 van ${owner.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(mod, 'photo queue');
  await group.getByRole('button', { name: `Foto 1 van ${owner.name} goedkeuren` }).click();
  await expect(mod.getByTestId('photo-queue-status')).toHaveText('1 foto aangepast.');
  await expect(mod.getByTestId('photo-group').filter({ hasText: owner.name })).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.locator('#photos-heading + ul img')).toHaveCount(1);
  for (const page of [owner.page, visitor, mod]) await page.context().close();
});
