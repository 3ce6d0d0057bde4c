import type { Page } from '@playwright/test';
import { signUpByApi, uniqueEmail } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };

/** The logged-in member's balance from GET /api/user.php. */
async function balance(page: Page): Promise<number> {
  const me = await (await page.request.get('/api/user.php', { headers: CLIENT })).json();
  return me.credits as number;
}

/** Pays on the test provider's checkout page (apps/server/src/payments/test-checkout.ts) with `outcome`. */
async function checkout(page: Page, outcome: 'Paid' | 'Failed' | 'Cancelled' | 'Stays pending'): Promise<void> {
  await expect(page).toHaveURL(/\/test-provider\/checkout\//);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/credits\/\d+\/[a-z]+\?payment_id=\d+/);
}

test('a new member buys credits with the time bonus and can chat', async ({ page }) => {
  await signUpByApi(page, uniqueEmail('money'), 'Kooplid');
  const before = await balance(page);

  // The time bonus (SPEC.md 2, 4): a banner with a ticking hh:mm:ss countdown in the members area.
  await page.goto('/members');
  const countdown = page.getByTestId('time-bonus-countdown');
  await expect(countdown).toHaveText(/0[34]:[0-5]\d:[0-5]\d/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 });
  await expect(page.getByRole('link', { name: /Word Premium/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'members with time bonus banner');

  // /credits: the best choice preselected with 25% off; iDEAL; the order summary; the provider's checkout.
  await page.getByTestId('time-bonus-banner').click();
  await expect(page).toHaveURL(/\/credits$/);
  const best = page.getByTestId('package').filter({ has: page.getByTestId('best-choice') });
  await expect(best.getByTestId('discount-badge')).toHaveText('-25%');
  await expect(best.getByTestId('old-price')).toContainText('19,95');
  await expect(best.getByTestId('price')).toContainText('14,96');
  await expectNoSeriousA11yViolations(page, 'credits shop');
  await page.getByTestId('method-ideal').click();
  await page.getByTestId('continue').click();
  await expect(page).toHaveURL(/\/credits\/\d+\/ideal$/);
  await expect(page.getByTestId('summary-discount')).toContainText('TIMEBONUS25');
  await expect(page.getByTestId('summary-total')).toContainText('14,96');
  await expectNoSeriousA11yViolations(page, 'pay with iDEAL');
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('amount')).toContainText('14.96');
  await checkout(page, 'Paid');

  // The result page: completed, the new balance, and the navigation switched to Credits.
  await expect(page.getByRole('heading', { name: 'Betaling gelukt' })).toBeVisible();
  await expect(page.getByText('Er zijn 150 credits aan je account toegevoegd.')).toBeVisible();
  await expect(page.getByTestId('new-balance')).toHaveText(`Je saldo is nu ${before + 150} credits.`);
  await expect(page.locator('a[href="/credits"]').filter({ hasText: 'Credits' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Word Premium/ })).toHaveCount(0);
  await expect(page.getByTestId('time-bonus-banner')).toHaveCount(0);
  expect(await balance(page)).toBe(before + 150);
  await expectNoSeriousA11yViolations(page, 'payment succeeded');

  // Premium now: a message to another member goes out and costs credits.
  const search = await (await page.request.get('/api/search.php?per_page=24', { headers: CLIENT })).json();
  const me = await (await page.request.get('/api/user.php', { headers: CLIENT })).json();
  const other = search.results.find((r: { id: number }) => r.id !== me.profile.id);
  await page.goto(`/members/${other.id}/chat`);
  await page.getByTestId('chat-input').fill('Hoi! Zin om eens te kletsen?');
  await page.getByRole('button', { name: 'Versturen', exact: true }).click();
  await expect(page.getByTestId('chat-message').last()).toContainText('Zin om eens te kletsen');
  await expectNoSeriousA11yViolations(page, 'first conversation');
  await expect.poll(() => balance(page)).toBeLessThan(before + 150);

  // Premium: /credits no longer promises Premium for a first purchase, and the welcome code says it
  // is for a first purchase instead of "expired".
  await page.goto('/credits');
  await expect(page.getByTestId('package').first()).toBeVisible();
  await expect(page.getByTestId('premium-note')).toHaveCount(0);
  await page.getByLabel('Heb je een kortingscode?').fill('WELCOME25');
  await page.getByRole('button', { name: 'Toepassen' }).click();
  await expect(page.getByTestId('code-error')).toHaveText(
    'Deze korting geldt alleen voor een eerste aankoop, en je hebt al eerder gekocht.',
  );
});

test('a cancelled card payment says "Betaling mislukt" and offers retry or PayPal', async ({ page }) => {
  await signUpByApi(page, uniqueEmail('money-cancel'), 'Twijfellid');
  await page.goto('/credits/1/creditcard');
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pay by card');
  await page.getByTestId('pay-button').click();
  await checkout(page, 'Cancelled');
  await expect(page.getByRole('heading', { name: 'Betaling mislukt' })).toBeVisible();
  await expect(page.getByText('De betaling is mislukt of geannuleeerd.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Opnieuw proberen' })).toHaveAttribute('href', '/credits/1/creditcard');
  await expect(page.getByRole('link', { name: 'Betalen met PayPal' })).toHaveAttribute('href', '/credits/1/paypal');
  // Nothing was credited and the member is still free.
  await expect(page.getByRole('link', { name: /Word Premium/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'payment failed');
});
