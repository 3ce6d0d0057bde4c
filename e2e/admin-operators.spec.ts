import type { APIRequestContext, Page } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { loginStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** The demo operator of the seed (README "The back office"): role operator on the demo site. */
const DEMO_OPERATOR = { email: 'operator@example.com', password: 'demo1234' };
const CLIENT = { 'x-request-type': 'client' };

/** A fictional profile the signed-in member can write to (any gender, explicit search). */
async function findFictional(request: APIRequestContext): Promise<{ id: number; name: string }> {
  for (let page = 1; page <= 10; page++) {
    const res = await request.get(`/api/search.php?explicit=1&per_page=60&page=${page}`, { headers: CLIENT });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { results: { id: number; name: string; fictional: boolean }[] };
    const found = body.results.find((r) => r.fictional);
    if (found) return found;
    if (body.results.length === 0) break;
  }
  throw new Error('no fictional profile in the search');
}

/** Switches the back office's language with the EN/NL buttons of the top bar. */
async function switchLanguage(page: Page, lng: 'EN' | 'NL'): Promise<void> {
  const button = page.getByRole('button', { name: lng, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test.describe('back office: operator inbox', () => {
  test('a member writes to a fictional profile, the operator answers from the inbox, the member sees it live', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const memberContext = await browser.newContext({ locale: 'nl-NL' });
    // The operator works in another time zone than the server (UTC): times show in the operator's.
    const operatorContext = await browser.newContext({
      locale: 'en-GB',
      timezoneId: 'Pacific/Auckland',
      viewport: { width: 1280, height: 900 },
    });
    try {
      const member = await memberContext.newPage();
      await logInByApi(member, 'premium@example.com', 'demo1234');
      const fictional = await findFictional(member.request);
      const me = await (await member.request.get('/api/user.php', { headers: CLIENT })).json();
      const memberName = me.profile.name as string;

      const question = `Hoi ${fictional.name}, wat ga je dit weekend doen? ${Date.now().toString(36)}`;
      await member.goto(`/members/${fictional.id}/chat`);
      await member.getByTestId('chat-input').fill(question);
      await member.getByRole('button', { name: 'Versturen', exact: true }).click();
      await expect(member.getByTestId('chat-message').last()).toContainText(question);
      const credits = member.getByTestId('chat-credits');
      await expect(credits).toContainText(/\d+/);
      const balance = (await credits.textContent())?.match(/\d+/)?.[0];

      const operator = await operatorContext.newPage();
      await loginStaff(operator, DEMO_OPERATOR);
      await switchLanguage(operator, 'EN');
      await operator.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Inbox' }).click();
      await expect(operator.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
      const row = operator.getByTestId('inbox-row').filter({ hasText: memberName }).filter({ hasText: fictional.name });
      await expect(row).toBeVisible();
      // Operators never see e-mail addresses.
      await expect(operator.locator('main')).not.toContainText('@example.com');
      await expectNoSeriousA11yViolations(operator, 'operator inbox (en)');
      await switchLanguage(operator, 'NL');
      await expect(operator.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
      await expect(operator.getByRole('button', { name: /^Wachtend/ })).toBeVisible();
      await expectNoSeriousA11yViolations(operator, 'operator inbox (nl)');
      await switchLanguage(operator, 'EN');

      await row.getByRole('link', { name: /Open the conversation/ }).click();
      await expect(operator).toHaveURL(/\/admin\/inbox\/\d+$/);
      await expect(operator.getByTestId('inbox-lock')).toContainText('Yours until');
      await expect(operator.getByTestId('inbox-message').last()).toContainText(question);
      await expect(operator.getByTestId('inbox-persona')).not.toBeEmpty();
      // The member logged in and wrote just now: "Last active" is today in the operator's time zone,
      // not the member's previous visit (issue 32, operators).
      const today = await operator.evaluate(() =>
        new Intl.DateTimeFormat(document.documentElement.lang || 'en', { dateStyle: 'medium' }).format(new Date()),
      );
      await expect(operator.locator('#member dt:has-text("Last active") + dd')).toContainText(today);
      await expect(operator.locator('main')).not.toContainText('premium@example.com');
      await expectNoSeriousA11yViolations(operator, 'operator conversation (en)');

      const answer = `Ik ga zeilen op het Veerse Meer! En jij? ${Date.now().toString(36)}`;
      await operator.getByLabel('Message').fill(answer);
      await operator.getByRole('button', { name: 'Send answer' }).click();
      await expect(operator.getByTestId('inbox-message').last()).toContainText(answer);
      await expect(operator.getByTestId('inbox-answer')).toHaveValue('');

      // No reload on the member's side: the socket brings the answer; it cost nothing.
      await expect(member.getByTestId('chat-message').last()).toContainText(answer);
      if (balance) await expect(credits).toContainText(balance);

      await switchLanguage(operator, 'NL');
      await expect(operator.getByRole('heading', { level: 2, name: /^Antwoord als/ })).toBeVisible();
      await expectNoSeriousA11yViolations(operator, 'operator conversation (nl)');

      // On a phone the inbox is a list of cards.
      await operator.setViewportSize({ width: 360, height: 740 });
      await operator.getByRole('link', { name: 'Terug naar de inbox' }).click();
      await operator.getByRole('button', { name: 'Onlangs beantwoord' }).click();
      await expect(operator.getByTestId('inbox-card').filter({ hasText: memberName }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(operator, 'operator inbox on a phone (nl)');
    } finally {
      await memberContext.close();
      await operatorContext.close();
    }
  });
});
