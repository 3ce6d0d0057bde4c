import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A strong password zxcvbn accepts on the server. */
export const STRONG_PASSWORD = 'Zonnige-Wandeltocht-Langs-Zee-42';
const CLIENT = { 'x-request-type': 'client' };

/** A unique address per run and test. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * The newest link to `path` mailed to `to`, read from the development outbox
 * (GET /dev/outbox.json?to=, DEV_OUTBOX=1), as a path + query on this server.
 */
export async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return '';
        const mails = (await res.json()) as { text: string; html?: string | null }[];
        const pattern = new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/?]/g, '\\$&')}\\?[^\\s"'<>]+`);
        for (const mail of mails) {
          const match = pattern.exec(`${mail.text}\n${mail.html ?? ''}`);
          if (match) {
            const url = new URL(match[0].replace(/&amp;/g, '&'));
            found = `${url.pathname}${url.search}`;
            return found;
          }
        }
        return '';
      },
      { message: `a mail to ${to} with a ${path} link`, timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}

/** Signs up through the API in the page's browser context (so the page is logged in too). */
export async function signUpByApi(page: Page, email: string, name: string): Promise<void> {
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name, password: STRONG_PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Confirms the member of `email` through the mailed activation link, in `page`'s browser. */
export async function activateByMail(page: Page, email: string): Promise<void> {
  const link = await mailedLink(page.request, email, '/activate/done');
  await page.goto(link);
  await expect(page.getByTestId('activate-done')).toBeVisible();
}

/** Logs in through the login page. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members/);
}

/**
 * Logs in through the API (POST /api/user.php, the login form's call) in the page's browser context
 * and opens /members, where a login through the form ends: for journeys that are not about the login.
 */
export async function logInByApi(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/user.php', { headers: CLIENT, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/members');
  await expect(page).toHaveURL(/\/members/);
}

/** Fills the signup form (inside `scope`: the modal or the page). */
export async function fillSignupForm(
  scope: ReturnType<Page['locator']>,
  values: { email: string; name: string; password: string; day: string; month: string; year: string },
): Promise<void> {
  await scope.getByLabel('E-mailadres').fill(values.email);
  await scope.getByLabel('Profielnaam').fill(values.name);
  await scope.getByLabel('Wachtwoord', { exact: true }).fill(values.password);
  await scope.getByLabel('Dag').selectOption(values.day);
  await scope.getByLabel('Maand').selectOption(values.month);
  await scope.getByLabel('Jaar').selectOption(values.year);
}

/**
 * Buys the 150-credit package (else the first) with iDEAL for the member logged in on `page`,
 * through the API and the test provider's own checkout page, whose "Paid" moves the payment and
 * calls the webhook.
 */
export async function buyCreditsByApi(page: Page): Promise<void> {
  const overview = (await (await page.request.get('/api/credits.php', { headers: CLIENT })).json()) as {
    packages: { id: number; credits: number }[];
  };
  const pkg = overview.packages.find((p) => p.credits === 150) ?? overview.packages[0];
  const started = await page.request.post('/api/payment.php', {
    headers: CLIENT,
    data: { package: pkg?.id, method: 'ideal' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { checkout_url: checkoutUrl } = (await started.json()) as { checkout_url: string };
  const paid = await page.request.post(checkoutUrl, { form: { outcome: 'paid' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}
