/**
 * Back office I, complaints and payments: the demo admin finds the premium demo member's payment;
 * a new member pays, files a complaint on /complaints, the admin answers it and refunds part of the
 * payment from the complaint, and the member reads the answer. axe-core on each screen.
 */
import type { Browser, Page } from '@playwright/test';
import { buyCreditsByApi, signUpByApi, uniqueEmail } from './access-helpers';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const PREMIUM = 'premium@example.com';

/** A new member in a browser of its own, who bought the 150-credit package with iDEAL (test provider: paid). */
async function payingMember(browser: Browser, baseURL: string): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL' });
  const page = await context.newPage();
  const email = uniqueEmail('complaint');
  await signUpByApi(page, email, 'Klaaglid');
  await buyCreditsByApi(page);
  return { page, email };
}

test.describe('back office: complaints and payments', () => {
  test('the demo admin filters payments by the premium member and opens the payment', async ({ page }) => {
    await signInStaff(page, DEMO_ADMIN);
    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Betalingen' })).toBeVisible();
    await expect(page.getByTestId('payment-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin payments');

    await page.getByLabel('Lid', { exact: true }).fill(PREMIUM);
    await page.locator('#payments-status').selectOption('paid');
    await page.getByRole('button', { name: 'Toepassen' }).click();
    await expect(page).toHaveURL(/member=premium%40example\.com/);
    const rows = page.getByTestId('payment-row');
    await expect(rows.first()).toContainText(PREMIUM);
    for (const row of await rows.all()) await expect(row).toContainText(PREMIUM);

    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Betaling \d+$/ })).toBeVisible();
    const provider = page.locator('#provider');
    await expect(provider).toContainText('Betaald');
    await expect(provider).toContainText('tst_');
    await expect(page.locator('#member')).toContainText(PREMIUM);
    await expect(page.getByTestId('ledger-row').first()).toContainText('+150');
    await expect(page.getByTestId('refund-form')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin payment');

    // The refund form turns euros into cents and asks before it refunds; here it is only cancelled.
    await page.getByLabel('Bedrag (EUR)').fill('999,99');
    await page.getByLabel('Reden').fill('Alleen een proef');
    await page.getByRole('button', { name: 'Terugbetalen…' }).click();
    await expect(page.getByLabel('Bedrag (EUR)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/Hoogstens €\s19,95/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Nu .* terugbetalen$/ })).toHaveCount(0);
    await page.getByLabel('Bedrag (EUR)').fill('1,50');
    await page.getByRole('button', { name: 'Terugbetalen…' }).click();
    await expect(page.getByRole('button', { name: 'Nu € 1,50 terugbetalen' })).toBeVisible();
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page.getByTestId('refund-row')).toHaveCount(0);

    // On a phone (360 px) the list turns into cards and nothing makes the page scroll sideways.
    const detail = page.url();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/admin/payments?member=${encodeURIComponent(PREMIUM)}`);
    await expect(page.locator('ul li.card').first()).toContainText(PREMIUM);
    await expect(page.getByTestId('payment-row').first()).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(detail);
    await expect(page.locator('#provider')).toContainText('Betaald');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page, 'admin payment on a phone');
  });

  test('a member files a complaint, the admin answers and refunds part, the member reads the answer', async ({
    page,
    browser,
    baseURL,
  }) => {
    const member = await payingMember(browser, baseURL ?? '');
    await member.page.goto('/complaints');
    await member.page.getByLabel('Onderwerp').selectOption({ label: 'Betaling' });
    await member.page.getByLabel('Je klacht').fill('Ik heb betaald, maar wil een deel van mijn geld terug.');
    await member.page.getByLabel('Over welke betaling gaat het? (optioneel)').selectOption({ index: 1 });
    await member.page.getByRole('button', { name: 'Klacht versturen' }).click();
    const filed = member.page.getByTestId('complaint-filed');
    await expect(filed).toContainText(/nummer \d+/);
    const number = /nummer (\d+)/.exec((await filed.textContent()) ?? '')?.[1] ?? '';

    await signInStaff(page, DEMO_ADMIN);
    await page.goto('/admin/complaints?status=new');
    await expect(page.getByRole('heading', { level: 1, name: 'Klachten' })).toBeVisible();
    const row = page.getByTestId('complaint-row').filter({ hasText: member.email });
    await expect(row).toContainText('Nieuw');
    await expectNoSeriousA11yViolations(page, 'admin complaints');

    await row.getByRole('link', { name: `Klacht ${number}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Klacht ${number}` })).toBeVisible();
    await expect(page.getByTestId('complaint-text')).toContainText('wil een deel van mijn geld terug');
    await expect(page.locator('#payment')).toContainText('Betaald');
    await expectNoSeriousA11yViolations(page, 'admin complaint');

    await page.getByRole('button', { name: 'Oppakken (in behandeling)' }).click();
    await expect(page.locator('#complaint').getByTestId('complaint-status')).toHaveText('In behandeling');

    // Part of the payment back, from the complaint: 5 euros (500 cents).
    await page.getByLabel('Bedrag (EUR)').fill('5');
    await page.getByLabel('Reden').fill('Klacht gegrond, deels terug');
    await page.getByRole('button', { name: 'Terugbetalen…' }).click();
    await page.getByRole('button', { name: 'Nu € 5,00 terugbetalen' }).click();
    await expect(page.getByTestId('refund-done')).toContainText('€ 5,00 terugbetaald');
    await expect(page.locator('#payment')).toContainText('Deels terugbetaald');

    const answer = 'We hebben € 5,00 teruggestort. De bijbehorende credits zijn teruggenomen.';
    await page.getByLabel('Antwoord aan het lid').fill(answer);
    await page.getByRole('button', { name: 'Antwoord versturen' }).click();
    await expect(page.getByTestId('answer-done')).toContainText('naar het lid gemaild');
    await expect(page.locator('#complaint').getByTestId('complaint-status')).toHaveText('Beantwoord');
    await expect(page.getByTestId('complaint-answer')).toContainText(answer);
    await expectNoSeriousA11yViolations(page, 'admin complaint answered');

    // The answer went out by mail, in Dutch.
    await expect
      .poll(async () => {
        const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(member.email)}`);
        const mails = (await res.json()) as { kind?: string; subject: string; text: string }[];
        return mails.some((m) => m.kind === 'complaint_answered' && m.text.includes(answer));
      })
      .toBe(true);

    await member.page.reload();
    const mine = member.page.getByTestId(`complaint-${number}`);
    await expect(mine.getByTestId('complaint-status')).toHaveText('Beantwoord');
    await expect(mine.getByTestId('complaint-answer')).toContainText('Antwoord van ons team');
    await expect(mine.getByTestId('complaint-answer')).toContainText(answer);
    await expectNoSeriousA11yViolations(member.page, 'complaints with an answer');
    await member.page.context().close();
  });
});
