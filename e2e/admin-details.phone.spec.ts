/**
 * Every back-office screen fits a 360 px phone, the detail screens and forms too (issue 32,
 * operators): the list screens are walked by admin-screens.phone.spec.ts; here the demo admin opens
 * every screen of apps/web/src/admin/router.tsx that shows one record or a form, from its list as
 * staff do: a member (with a conversation), the photo queue with a waiting photo, a report, a
 * complaint, a payment with the refund form, a fictional profile and a new one, a site's settings,
 * its pages and the page editor, the new-site form, a credit package, gift and discount code in
 * their forms, the shop's automatic discounts, a staff account's editor, an inbox conversation and an
 * audit entry's before/after. At 360 × 780, in English and in Dutch: nothing scrolls sideways and
 * axe-core finds no serious or critical violation.
 *
 * The browser is in a time zone behind UTC (Los Angeles): the inbox's member panel shows the member,
 * who logged in and wrote just now, as last active today (issue 32: "check the time zone").
 */
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { buyCreditsByApi, mailedLink, signUpByApi, uniqueEmail } from './access-helpers';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE, sidewaysOverflow } from './devices';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };
const TIME_ZONE = 'America/Los_Angeles';
/** The member panel's "last active" label (locales/<lng>/admin-members.json profile.lastActive). */
const LAST_ACTIVE = { en: 'Last active', nl: 'Laatst actief' } as const;

test.use({ ...PHONE, viewport: { width: 360, height: 780 }, timezoneId: TIME_ZONE });

/** The member whose records the screens show: a payment, a complaint, a report, a waiting photo, a chat. */
type Member = { email: string; name: string; reported: string };
let member: Member | undefined;

/** A profile of the search the signed-in member may see: a fictional one or a real member. */
async function findProfile(request: APIRequestContext, fictional: boolean): Promise<{ id: number; name: string }> {
  for (let page = 1; page <= 10; page++) {
    const res = await request.get(`/api/search.php?explicit=1&per_page=60&page=${page}`, { headers: CLIENT });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { results: { id: number; name: string; fictional: boolean }[] };
    const found = body.results.find((r) => r.fictional === fictional);
    if (found) return found;
    if (body.results.length === 0) break;
  }
  throw new Error(`no ${fictional ? 'fictional' : 'real'} profile in the search`);
}

/**
 * A new member, in a browser of their own, with something on every screen: bought the 150-credit
 * package (test provider: paid), filed a complaint about it, uploaded a photo (waiting for approval),
 * reported a member and wrote to a fictional profile. Texts carry long unbroken words and links, as
 * members' texts do.
 */
async function memberWithHistory(browser: Browser, baseURL: string): Promise<Member> {
  const context = await browser.newContext({ baseURL, locale: 'nl-NL' });
  const page = await context.newPage();
  const email = uniqueEmail('telefoonscherm');
  const name = `Schermlid${Math.floor(Math.random() * 1e5)}`;
  await signUpByApi(page, email, name);
  await page.goto(await mailedLink(page.request, email, '/activate/done'));
  await expect(page.getByTestId('activate-done')).toBeVisible();

  await buyCreditsByApi(page);
  const history = (await (await page.request.get('/api/transactions.php', { headers: CLIENT })).json()) as {
    payments: { payment_id: number }[];
  };
  const paymentId = history.payments[0]?.payment_id;
  expect(paymentId).toBeDefined();
  const complaint = await page.request.post('/api/complaints.php', {
    headers: CLIENT,
    data: {
      topic: 'payment',
      payment_id: paymentId,
      text: 'Betaald maar de credits kwamen laat: zie https://voorbeeld.example.com/betalingen/overzicht/transactie/tst_0123456789abcdefghijklmnopqrstuvwxyz',
    },
  });
  expect(complaint.status(), await complaint.text()).toBe(200);

  const jpeg = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post('/api/photos.php', {
    headers: CLIENT,
    multipart: { file: { name: 'portret.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  const reported = await findProfile(page.request, false);
  const report = await page.request.post('/api/report.php', {
    headers: CLIENT,
    data: {
      profile_id: reported.id,
      reason: 'spam',
      text: 'Stuurt steeds dezelfde link: https://heel-lange-domeinnaam-zonder-spaties.example.com/aanbieding?code=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
    },
  });
  expect(report.status(), await report.text()).toBe(200);

  const fictional = await findProfile(page.request, true);
  const sent = await page.request.post('/api/message.php', {
    headers: CLIENT,
    data: {
      profile: fictional.id,
      text: `Hoi ${fictional.name}! Kijk eens: https://www.voorbeeld.example.com/een/heel/lang/pad/zonder/spaties/erin/${Date.now()}`,
      client_id: crypto.randomUUID(),
      // The link is what the screen must wrap; the sender has seen the safety question and sends anyway.
      confirmed: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await context.close();
  return { email, name, reported: reported.name };
}

/** Opens the collapsed top bar and switches the back office's language with its EN/NL buttons. */
async function switchLanguage(page: Page, lng: 'en' | 'nl'): Promise<void> {
  const toggler = page.locator('.navbar-toggler');
  if ((await toggler.getAttribute('aria-expanded')) !== 'true') await toggler.click();
  const button = page.getByRole('button', { name: lng.toUpperCase(), exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await toggler.click();
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

/**
 * Checks the screen on `page` as it is now: axe-core (serious or critical fails at once) and the
 * sideways overflow, which is collected in `tooWide` with the elements that stick out past the
 * screen's right edge, so one run names every screen that is too wide.
 */
async function checkScreen(page: Page, label: string, tooWide: string[]): Promise<void> {
  const extra = await sidewaysOverflow(page);
  if (extra > 0) {
    const culprits = await page.evaluate(() => {
      const width = window.innerWidth;
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll('#main *'))) {
        const box = el.getBoundingClientRect();
        if (box.right > width + 0.5 && box.width > 0) {
          const parentBox = el.parentElement?.getBoundingClientRect();
          if (parentBox && parentBox.right > width + 0.5) continue;
          out.push(`${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} (${Math.round(box.right)} px)`);
        }
      }
      return out.slice(0, 5);
    });
    tooWide.push(`${label}: ${extra} px too wide; ${culprits.join(', ')}`);
  }
  await expectNoSeriousA11yViolations(page, `${label} at 360 px`);
  // For a look at the screens: SCREENSHOT_DIR=<folder> keeps a full-page picture of each.
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) {
    const file = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`;
    await page.screenshot({ path: path.join(folder, file), fullPage: true });
  }
}

/** The detail screens and forms, opened from their lists, each checked with `checkScreen`. */
async function walkDetailScreens(page: Page, lng: 'en' | 'nl', who: Member): Promise<string[]> {
  const tooWide: string[] = [];
  const check = (label: string) => checkScreen(page, `${label} (${lng})`, tooWide);
  const main = page.locator('#main');

  // The dashboard with the data of every chart shown as a table.
  await page.goto('/admin/dashboard');
  const disclosures = main.locator('details > summary');
  await expect(disclosures.first()).toBeVisible();
  for (const summary of await disclosures.all()) await summary.click();
  await check('dashboard, the charts as tables');

  // A member: the search keeps its words in the address; the result opens the member.
  await page.goto(`/admin/members?q=${encodeURIComponent(who.email)}`);
  await main.getByRole('link', { name: who.email }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/admin\/members\/\d+$/);
  await expect(page.locator('#notes')).toBeVisible();
  await check('member');
  // Deleting the account asks first; the question is checked, then cancelled.
  await page.locator('#account button.btn-outline-danger').click();
  const deleting = page.locator('#account [role="alertdialog"]');
  await expect(deleting).toBeVisible();
  await check('member, delete confirmation');
  await deleting.locator('.btn-outline-secondary').click();
  await expect(deleting).toBeHidden();
  await page.locator('#conversations button').click();
  await page.locator('#conversations tbody button').first().click();
  await expect(page.getByTestId('conversation-view')).toBeVisible();
  await check('member, a conversation');

  // The photo queue with the member's waiting photo.
  await page.goto('/admin/photos');
  await expect(page.getByTestId('photo-group').filter({ hasText: who.name })).toBeVisible();
  await check('photo queue with a waiting photo');

  // The member's report of another member.
  await page.goto('/admin/reports');
  await page.getByTestId('report-table').locator('tr').filter({ hasText: who.name }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/reports\/\d+$/);
  await expect(page.getByTestId('report-action-form')).toBeVisible();
  await check('report');

  // The member's complaint, with the payment and the refund form.
  await page.goto('/admin/complaints?status=new');
  await main.locator('li.card').filter({ hasText: who.email }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/complaints\/\d+$/);
  await expect(page.getByTestId('complaint-text')).toBeVisible();
  await expect(page.getByTestId('refund-form')).toBeVisible();
  await check('complaint');

  // The payment, from the payments filtered by the member (cards on a phone), and the refund's confirmation.
  await page.goto(`/admin/payments?member=${encodeURIComponent(who.email)}`);
  await main.locator('a[href*="/admin/payments/"]').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  const refund = page.getByTestId('refund-form');
  await expect(refund).toBeVisible();
  await check('payment');
  await refund.locator('input[id$="-amount"]').fill('1');
  await refund.locator('textarea[id$="-reason"]').fill('Proef');
  await refund.locator('button[type="submit"]').click();
  const confirmRefund = refund.locator('.alert-warning');
  await expect(confirmRefund).toBeVisible();
  await check('payment, refund confirmation');
  await confirmRefund.locator('.btn-outline-secondary').click();
  await expect(confirmRefund).toBeHidden();

  // A fictional profile: fields, photos, persona; and the form for a new one.
  await page.goto('/admin/fictional');
  await main.locator('a[href^="/admin/fictional/"]:not([href$="/new"])').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/fictional\/\d+$/);
  await expect(page.getByTestId('fictional-photos')).toBeVisible();
  await check('fictional profile');
  await page.goto('/admin/fictional');
  await main.locator('a[href$="/fictional/new"]').click();
  await expect(main.locator('#fictional-site')).toBeVisible();
  await check('new fictional profile');

  // The sites: the new-site form, a site's settings, its pages and the editor of one page.
  await page.goto('/admin/sites');
  await main.locator('button.btn-primary').first().click();
  await expect(main.locator('form')).toBeVisible();
  await check('new site form');
  await page.goto('/admin/sites');
  await page.getByTestId('site-table').locator('a[href^="/admin/sites/"]').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/sites\/\d+$/);
  await expect(page.locator('#company')).toBeVisible();
  await check('site settings');
  await main.locator('a[href$="/pages"]').first().click();
  await expect(page.getByTestId('site-page-table')).toBeVisible();
  // Eleven languages do not fit: the table scrolls in a labelled box that takes focus, its
  // description stands above the box in full, and the pages' names stay in view while it scrolls.
  const pagesBox = main.locator('section.table-responsive', { has: page.getByTestId('site-page-table') });
  await expect(pagesBox).toHaveAttribute('tabindex', '0');
  const describedBy = await pagesBox.getAttribute('aria-labelledby');
  const description = await page.locator(`[id="${describedBy}"]`).boundingBox();
  expect(description && description.x + description.width).toBeLessThanOrEqual(360);
  await pagesBox.evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  const pageName = await page.getByTestId('site-page-table').locator('tbody th').first().boundingBox();
  expect(pageName?.x).toBeGreaterThanOrEqual(0);
  await check('site pages');
  await page.getByTestId('site-page-table').getByRole('link').first().click();
  await expect(page.getByTestId('site-page-editor')).toBeVisible();
  await check('site page editor');

  // The shop: a credit package and a gift in their forms, the new discount code form, the automatic discounts.
  await page.goto('/admin/shop');
  const tabs = main.locator('nav .nav-link');
  await page.getByTestId('package-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('package-form')).toBeVisible();
  await check('credit package form');
  await tabs.nth(1).click();
  await page.getByTestId('gift-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('gift-form')).toBeVisible();
  await check('gift form');
  await tabs.nth(2).click();
  // Codes are not changed once made (their uses refer to them): the form makes a new one.
  await page.getByTestId('shop-discounts').locator('h2 + button').click();
  await expect(page.getByTestId('discount-form')).toBeVisible();
  await check('discount code form');
  // Ending a code asks first; the question is checked, then cancelled.
  await page.getByTestId('discount-card').locator('button.btn-outline-danger').first().click();
  const ending = page.getByTestId('shop-discounts').locator('.alert-warning');
  await expect(ending).toBeVisible();
  await check('discount code, end confirmation');
  await ending.locator('.btn-outline-secondary').click();
  await expect(ending).toBeHidden();
  await tabs.nth(3).click();
  await expect(page.getByTestId('shop-automatic')).toBeVisible();
  await check('automatic discounts');

  // A staff account's editor (the demo operator's).
  await page.goto('/admin/staff');
  await page.locator('[data-testid="staff-row"][data-email="operator@example.com"] button').first().click();
  await expect(page.getByTestId('staff-editor')).toBeVisible();
  await check('staff account editor');

  // The member's conversation in the operator inbox (cards on a phone).
  await page.goto('/admin/inbox');
  await page.getByTestId('inbox-card').filter({ hasText: who.name }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/inbox\/\d+$/);
  await expect(page.getByTestId('inbox-thread')).toBeVisible();
  await expect(page.getByTestId('inbox-answer')).toBeVisible();
  // The member logged in and wrote just now: last active today in the staff member's time zone
  // (behind UTC here), not the day before.
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(new Date()),
  );
  await expect(page.locator(`#member dt:text-is("${LAST_ACTIVE[lng]}") + dd`)).toContainText(today);
  await check('inbox conversation');

  // An audit entry's before and after.
  await page.goto('/admin/audit');
  await page.getByTestId('audit-entry').locator('details').first().locator('summary').click();
  await expect(page.locator('.audit-json').first()).toBeVisible();
  await check('audit entry with before and after');
  return tooWide;
}

test.describe('back office detail screens on a 360 px phone', () => {
  test.beforeAll(async ({ browser, e2eServer }) => {
    test.setTimeout(120_000);
    member = await memberWithHistory(browser, e2eServer.url);
  });

  for (const lng of ['en', 'nl'] as const) {
    test(`every detail screen and form fits without sideways scrolling and passes axe (${lng})`, async ({ page }) => {
      test.setTimeout(240_000);
      if (!member) throw new Error('the member of beforeAll is missing');
      // signInStaff waits for the account name in the top bar, which a phone keeps behind the menu button.
      await page.setViewportSize({ width: 1200, height: 900 });
      await signInStaff(page, DEMO_ADMIN);
      await page.setViewportSize({ width: 360, height: 780 });
      await switchLanguage(page, lng);
      const tooWide = await walkDetailScreens(page, lng, member);
      expect(tooWide).toEqual([]);
    });
  }
});
