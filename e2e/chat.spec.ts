import type { Browser, Page } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const PASSWORD = 'demo1234';
const CLIENT = { 'x-request-type': 'client' };

/** A logged-in page in its own browser context (its own cookies, like another person's browser). */
async function member(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  await logInByApi(page, email, PASSWORD);
  return page;
}

/** The "(N) " prefix of the page title, 0 without one. */
async function titleCount(page: Page): Promise<number> {
  const match = /^\((\d+)\) /.exec(await page.title());
  return match ? Number(match[1]) : 0;
}

async function profileId(page: Page): Promise<number> {
  const me = await (await page.request.get('/api/user.php', { headers: CLIENT })).json();
  return me.profile.id as number;
}

test.describe
  .serial('chat between two members', () => {
    let writer: Page; // premium@example.com (paid; other journeys may have bought credits before)
    let reader: Page; // demo@example.com (free)

    test.beforeAll(async ({ browser }) => {
      writer = await member(browser, 'premium@example.com');
      reader = await member(browser, 'demo@example.com');
    });
    test.afterAll(async () => {
      await writer?.context().close();
      await reader?.context().close();
    });

    test('a message appears for the other member without reload, with badge, title count and typing', async () => {
      const readerId = await profileId(reader);
      const messagesBadge = reader.locator('a[href="/chats"] .nav-badge');
      await expect(reader.getByRole('link', { name: /berichten/i }).first()).toBeVisible();
      // The seeded chat of the demo member has unread messages: the badge and the title say so.
      await expect(messagesBadge).toBeVisible();
      const unreadBefore = Number((await messagesBadge.textContent())?.match(/\d+/)?.[0] ?? 0);
      await expect.poll(() => titleCount(reader)).toBeGreaterThanOrEqual(unreadBefore);
      await expectNoSeriousA11yViolations(reader, 'members with unread badge');
      const titleBefore = await titleCount(reader);

      await writer.goto(`/members/${readerId}/chat`);
      await expect(writer.getByTestId('chat-profile-name')).toHaveText('Daan');
      const credits = writer.getByTestId('chat-credits');
      await expect(credits).toContainText(/\d+/);
      const balance = Number((await credits.textContent())?.match(/\d+/)?.[0]);
      await writer.getByTestId('chat-input').fill('Hoi Daan, zin in een wandeling langs de Maas?');
      await writer.getByRole('button', { name: 'Versturen', exact: true }).click();
      await expect(writer.getByTestId('chat-message').last()).toContainText('zin in een wandeling');
      await expect(writer.getByTestId('chat-input')).toHaveValue('');
      await expect(credits).toContainText(String(balance - 10)); // message_credits of the demo site

      // No reload on the reader's side: the socket brings the badge and the title count.
      await expect(messagesBadge).toContainText(String(unreadBefore + 1));
      await expectNoSeriousA11yViolations(writer, 'conversation after sending');
      await expect.poll(() => titleCount(reader)).toBe(titleBefore + 1);

      await reader
        .getByRole('link', { name: /berichten/i })
        .first()
        .click();
      await expect(reader).toHaveURL(/\/chats$/);
      const row = reader.getByTestId('chat-row').filter({ hasText: 'Sanne' });
      await expect(row.getByTestId('chat-row-unread')).toHaveText(/1/);
      await expectNoSeriousA11yViolations(reader, 'chat list with unread');
      await row.getByRole('link').click();
      await expect(reader).toHaveURL(/\/chats\/\d+$/);
      await expect(reader.getByTestId('chat-message').last()).toContainText('zin in een wandeling');
      // Opening the conversation reads it: the title count drops again.
      await expect.poll(() => titleCount(reader)).toBe(titleBefore);
      // ...and the writer sees the read state of the bubble.
      await expect(writer.getByTestId('chat-message').last().getByTitle('Gelezen')).toBeVisible();
      await expectNoSeriousA11yViolations(reader, 'conversation, read');

      // Typing on one side shows the indicator on the other.
      await writer.getByTestId('chat-input').pressSequentially('Ik ben', { delay: 30 });
      await expect(reader.getByTestId('typing-indicator')).toContainText('Sanne');
      await expectNoSeriousA11yViolations(reader, 'conversation with typing indicator');
      await writer.getByTestId('chat-input').press('Enter'); // "send on enter" is on by default
      await expect(reader.getByTestId('chat-message').last()).toContainText('Ik ben');
      await expect(reader.getByTestId('typing-indicator')).toBeHidden();
    });

    test('a gift from the catalogue appears as a bubble with its image and name', async () => {
      await writer.getByRole('button', { name: 'Cadeautje sturen' }).click();
      const picker = writer.getByTestId('gift-picker');
      await expect(picker.getByRole('button')).toHaveCount(10);
      await expectNoSeriousA11yViolations(writer, 'gift picker');
      await picker.getByRole('button', { name: /Rode roos/ }).click();
      await expect(writer.getByTestId('chat-message').last()).toContainText('Cadeautje: Rode roos');
      const bubble = reader.getByTestId('chat-message').last();
      await expect(bubble).toContainText('Cadeautje: Rode roos');
      await expect(bubble.locator('img')).toHaveAttribute('src', /gifts\/roos\.png$/);
      await expectNoSeriousA11yViolations(reader, 'conversation with a gift');
    });

    test('links are plain text unless they point at the site itself, and nothing renders as HTML', async () => {
      const origin = new URL(writer.url()).origin;
      await writer.getByTestId('chat-input').fill(`<b>vet</b> https://evil.example/x en ${origin}/members`);
      await writer.getByRole('button', { name: 'Versturen', exact: true }).click();
      // A link makes the sender confirm first (issue: safer conversations; e2e/chat-safety.spec.ts).
      await writer.getByRole('dialog').getByRole('button', { name: 'Toch versturen' }).click();
      const bubble = reader.getByTestId('chat-message').last();
      await expect(bubble).toContainText('<b>vet</b>');
      await expect(bubble.locator('b')).toHaveCount(0);
      await expect(bubble.getByRole('link')).toHaveCount(1);
      await expect(bubble.getByRole('link')).toHaveAttribute('href', `${origin}/members`);
      await expectNoSeriousA11yViolations(reader, 'conversation with a link');
    });

    test('"send on enter" is remembered, and the counter follows message_length', async () => {
      const settings = await (await reader.request.get('/api/settings.php')).json();
      const checkbox = reader.getByLabel('Versturen met Enter');
      await checkbox.uncheck();
      await reader.reload();
      await expect(reader.getByLabel('Versturen met Enter')).not.toBeChecked();
      await reader.getByTestId('chat-input').fill('Hallo');
      await expect(reader.getByTestId('chat-counter')).toHaveText(`5 / ${settings.message_length}`);
      await expectNoSeriousA11yViolations(reader, 'conversation with counter');
      await reader.getByTestId('chat-input').press('Enter');
      await expect(reader.getByTestId('chat-input')).toHaveValue('Hallo\n');
      await reader.getByLabel('Versturen met Enter').check();
    });

    test('the free member meets the conversation limit with the premium offer and keeps the text', async () => {
      // demo@example.com has 2 conversations now (the seeded one and the one above): a third is refused.
      const search = await (await reader.request.get('/api/search.php?per_page=24')).json();
      const chats = await (await reader.request.get('/api/chats.php', { headers: CLIENT })).json();
      const inChats = new Set(chats.map((c: { profile: { id: number } }) => c.profile.id));
      const myId = await profileId(reader);
      const stranger = search.results.find((r: { id: number }) => r.id !== myId && !inChats.has(r.id));
      await reader.goto(`/members/${stranger.id}/chat?text=${encodeURIComponent('Hoi, leuk profiel!')}`);
      await expect(reader.getByTestId('chat-input')).toHaveValue('Hoi, leuk profiel!');
      await reader.getByRole('button', { name: 'Versturen', exact: true }).click();
      const alert = reader.getByRole('alert');
      await expect(alert).toContainText('premium');
      await expect(reader.getByTestId('get-premium')).toBeVisible();
      await expectNoSeriousA11yViolations(reader, 'conversation limit with premium offer');
      await expect(reader.getByTestId('chat-input')).toHaveValue('Hoi, leuk profiel!');
    });

    test('deleting a chat removes it from the list', async () => {
      await writer.goto('/chats');
      const row = writer.getByTestId('chat-row').filter({ hasText: 'Daan' });
      await expect(row).toBeVisible();
      await expectNoSeriousA11yViolations(writer, 'chat list');
      // Our own dialog in the member's language, never the browser's confirm(): Annuleren keeps the chat.
      await row.getByRole('button', { name: 'Verwijderen' }).click();
      const dialog = writer.getByRole('dialog', { name: /Het gesprek met Daan.* verwijderen\?/ });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(writer, 'delete chat dialog');
      await dialog.getByRole('button', { name: 'Annuleren' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: 'Verwijderen' }).click();
      await writer.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
      await expect(row).toHaveCount(0);
      await writer.reload();
      await expect(writer.getByTestId('chat-row').filter({ hasText: 'Daan' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(writer, 'chat list after deleting');
    });
  });
