import type { APIRequestContext, Page } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const PREMIUM = 'premium@example.com';
const PASSWORD = 'demo1234';
const CLIENT = { 'x-request-type': 'client' };
/** A valid Dutch test IBAN (ABN AMRO's documentation example). */
const TEST_IBAN = 'NL91ABNA0417164300';

/** A mobile number of its own per test, so the outbox lookup finds only this test's SMS. */
function uniquePhone(): string {
  return `06${String(Date.now()).slice(-8)}`;
}

/** Id of the demo shop's 150-credit package (GET /api/credits.php). */
async function packageId(request: APIRequestContext): Promise<number> {
  const overview = (await (await request.get('/api/credits.php', { headers: CLIENT })).json()) as {
    packages: { id: number; credits: number }[];
  };
  const found = overview.packages.find((p) => p.credits === 150) ?? overview.packages[0];
  if (!found) throw new Error('the demo shop has no packages');
  return found.id;
}

/** The newest SMS code sent to `phone`, read from the development outbox (DEV_OUTBOX=1). */
async function smsCode(request: APIRequestContext, phone: string, not?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(phone)}`);
        if (!res.ok()) return '';
        const messages = (await res.json()) as { channel?: string; text: string }[];
        const codes = messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '').filter((c) => c && c !== not);
        code = codes[0] ?? '';
        return code;
      },
      { message: `an SMS code to ${phone}`, timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

/** Fills the direct-debit form on the page and asks for the code. */
async function fillDirectDebit(page: Page, phone: string): Promise<void> {
  await page.getByLabel('Naam rekeninghouder').fill('Sanne de Vries');
  await page.getByLabel('IBAN').pressSequentially(TEST_IBAN.toLowerCase());
  await expect(page.getByLabel('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
  await page.getByLabel('Straat').fill('Damrak');
  await page.getByLabel('Huisnummer').fill('1');
  await page.getByLabel('Postcode').fill('1012 LG');
  await page.getByLabel('Plaats').fill('Amsterdam');
  await page.getByLabel('Mobiel nummer').fill(phone);
  await page.getByRole('button', { name: 'Verder' }).click();
}

test.describe('billing: direct debit, transactions, invoices and complaints', () => {
  test.beforeEach(async ({ page }) => {
    await logInByApi(page, PREMIUM, PASSWORD);
  });

  test('direct debit: IBAN grouped, wrong code refused, right code goes to the payment result', async ({ page }) => {
    const phone = uniquePhone();
    const id = await packageId(page.request);
    await page.goto(`/directdebit?package=${id}`);
    await expect(page.getByTestId('dd-package')).toContainText('150 credits');
    await expectNoSeriousA11yViolations(page, 'direct debit');
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
    await page.getByRole('button', { name: 'Verder' }).click();
    await expect(page.getByText('Dit IBAN klopt niet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'direct debit, wrong IBAN');
    await page.getByLabel('IBAN').fill('');
    await fillDirectDebit(page, phone);

    await expect(page.getByText(/We hebben een code gestuurd naar \*+\d{4}/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'direct debit code');
    const code = await smsCode(page.request, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const input = page.getByLabel('Sms-code');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await input.fill(wrong);
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page.getByTestId('otp-feedback')).toContainText('Code ongeldig');
    await expect(page.getByTestId('otp-feedback')).toContainText('Je hebt nog 2 pogingen.');
    await expectNoSeriousA11yViolations(page, 'direct debit, wrong code');

    await input.fill(code);
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page).toHaveURL(new RegExp(`/credits/${id}/sdd\\?payment_id=\\d+`));
  });

  test('transactions list the purchase; its invoice shows the company and can be printed', async ({ page }) => {
    // A purchase of its own, through the API, so this test does not depend on the others.
    const phone = uniquePhone();
    const started = await page.request.post('/api/directdebit.php', {
      headers: CLIENT,
      data: {
        package: await packageId(page.request),
        account_holder: 'Sanne de Vries',
        iban: TEST_IBAN,
        street: 'Damrak',
        house_number: '1',
        zip: '1012 LG',
        city: 'Amsterdam',
        phone,
      },
    });
    expect(started.status(), await started.text()).toBe(200);
    const { mandate } = (await started.json()) as { mandate: number };
    const otp = await smsCode(page.request, phone);
    const confirmed = await page.request.post('/api/directdebit-confirm.php', {
      headers: CLIENT,
      data: { mandate, otp },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const { payment } = (await confirmed.json()) as { payment: { payment_id: number } };

    await page.getByTestId('nav-user-menu').click();
    await page.getByRole('link', { name: 'Transacties' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(page.getByTestId('ledger-entry').first()).toContainText('Aankoop van 150 credits');
    await expect(page.getByTestId('ledger-entry').first()).toContainText('+150 credits');
    await expect(page.getByTestId('payment-row').first()).toContainText('Betaald');
    await expectNoSeriousA11yViolations(page, 'transactions');

    await page.locator(`a[href="/transactions/${payment.payment_id}"]`).first().click();
    const invoice = page.getByTestId('invoice');
    await expect(invoice.getByRole('heading', { name: 'Factuur' })).toBeVisible();
    await expect(page.getByTestId('invoice-company').locator('strong')).not.toBeEmpty();
    await expect(page.getByTestId('invoice-company')).toContainText('KvK-nummer:');
    await expect(page.getByTestId('invoice-vat')).toContainText('Btw (21%)');
    await expect(page.getByTestId('invoice-total')).toContainText('19,95');
    await expect(invoice.getByRole('button', { name: 'Afdrukken' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'invoice');
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.top-nav')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    await page.goto('/transactions/999999');
    await expect(page.getByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'unknown invoice');
  });

  test('a complaint is confirmed with its number and listed below the form', async ({ page }) => {
    await page.goto('/complaints');
    await expect(page.getByTestId('refund-days')).toContainText(/binnen \d+ dagen annuleren/);
    await expectNoSeriousA11yViolations(page, 'complaints');
    await page.getByLabel('Onderwerp').selectOption({ label: 'Betaling' });
    await page.getByLabel('Je klacht').fill('Kort');
    await page.getByRole('button', { name: 'Klacht versturen' }).click();
    await expect(page.getByText('Beschrijf je klacht in 10 tot 5000 tekens.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'complaint with field error');
    await page.getByLabel('Je klacht').fill('Mijn betaling is wel afgeschreven, maar ik zie de credits niet.');
    await page.getByRole('button', { name: 'Klacht versturen' }).click();

    const filed = page.getByTestId('complaint-filed');
    await expect(filed).toContainText(/Je klacht is ontvangen onder nummer \d+\./);
    await expect(filed).toContainText(`We hebben een bevestiging gestuurd naar ${PREMIUM}.`);
    const number = /nummer (\d+)/.exec((await filed.textContent()) ?? '')?.[1];
    await expect(page.getByTestId('complaint-list')).toContainText(`Klacht ${number} · Betaling`);
    await expectNoSeriousA11yViolations(page, 'complaint filed');
    // The confirmation mail is in the development outbox (DEV_OUTBOX=1).
    await expect
      .poll(async () => {
        const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(PREMIUM)}`);
        const mails = res.ok() ? ((await res.json()) as { kind: string; subject: string; text: string }[]) : [];
        return mails.some((m) => m.kind === 'complaint_received' && `${m.subject} ${m.text}`.includes(`${number}`));
      })
      .toBe(true);
  });
});

test('a visitor on /complaints is asked to log in', async ({ page }) => {
  await page.goto('/complaints');
  await expect(page.getByTestId('complaints-login')).toContainText('Log in om een klacht in te dienen');
  await expect(page.getByTestId('complaint-form')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'complaints, logged out');
});
