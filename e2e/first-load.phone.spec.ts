/**
 * The member app's first load on a phone (issue 32, a members page as fast as the public pages;
 * docs/client.md, first load), the standing check of what Lighthouse measured:
 * - the page carries the settings and the member (boot data), so the app asks neither before it
 *   shows the screen;
 * - nothing moves once shown: the footer no longer jumps down when the content arrives (layout
 *   shift 0.26 on /members before), on /members for a visitor and a member, /chats and a profile;
 * - the photos of the first screenful of cards load at once with high priority (the largest paint),
 *   the others lazily.
 */
import type { Page, Request } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

test.use(PHONE);

/** Sum of the page's layout shifts without recent input (CLS as Lighthouse counts it for a load). */
const LAYOUT_SHIFT_OBSERVER = () => {
  const w = window as unknown as { __layoutShift: number };
  w.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) w.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/** Opens `path` fresh and answers the API paths the app asked for until `shown` was visible and the network idle. */
async function firstLoad(page: Page, path: string, shown: (page: Page) => Promise<void>): Promise<string[]> {
  const asked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  };
  page.on('request', record);
  await page.goto(path);
  await shown(page);
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return asked;
}

async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
}

/**
 * The first card shows, and the photos of the first screenful have loaded. Members without a photo
 * (other journeys make some) show a lettered placeholder instead of an `<img>`.
 */
const cardsShown = async (page: Page) => {
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  const firstPhotos = page.getByTestId('member-card').locator('img');
  await expect
    .poll(() =>
      firstPhotos.evaluateAll((images) => (images as HTMLImageElement[]).slice(0, 4).every((image) => image.complete)),
    )
    .toBe(true);
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(LAYOUT_SHIFT_OBSERVER);
});

test('a visitor opens /members: no settings or member call first, nothing moves, the first photos first', async ({
  page,
}) => {
  const asked = await firstLoad(page, '/members', cardsShown);
  expect(asked).not.toContain('/api/settings.php');
  expect(asked).not.toContain('/api/user.php');
  expect(asked).toContain('/api/search.php');
  expect(await layoutShift(page)).toBeLessThan(0.1);
  // Per card: the photos of the first four cards load at once, first; every later photo lazily.
  const loading = await page.getByTestId('member-card').evaluateAll((cards) =>
    cards.map((card) => {
      const image = card.querySelector('img');
      return image ? `${image.getAttribute('loading')} ${image.getAttribute('fetchpriority')}` : 'no photo';
    }),
  );
  expect(loading.length).toBeGreaterThan(4);
  for (const [index, value] of loading.entries()) {
    if (value === 'no photo') continue;
    expect(value, `card ${index + 1}`).toBe(index < 4 ? 'eager high' : 'lazy auto');
  }
  await expectNoSeriousA11yViolations(page, 'members, first load, visitor');
});

test('a member opens /members, /chats and a profile: no settings or member call first, nothing moves', async ({
  page,
}) => {
  await logInByApi(page, 'demo@example.com', 'demo1234');
  const profileHref = await page.getByTestId('member-card').first().locator('a').first().getAttribute('href');
  expect(profileHref).toMatch(/^\/members\/\d+$/);

  const screens: { path: string; shown: (page: Page) => Promise<void> }[] = [
    { path: '/members', shown: cardsShown },
    {
      path: '/chats',
      shown: async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      },
    },
    {
      path: profileHref as string,
      shown: async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      },
    },
  ];
  for (const { path, shown } of screens) {
    const asked = await firstLoad(page, path, shown);
    expect(asked, path).not.toContain('/api/settings.php');
    expect(asked, path).not.toContain('/api/user.php');
    expect(await layoutShift(page), path).toBeLessThan(0.1);
    await expectNoSeriousA11yViolations(page, `${path}, first load, member`);
  }
});

test("the server's snapshot of /chats shows the alert the app shows in this browser, and none once it is dismissed", async ({
  page,
  context,
}) => {
  const shownAlert = async () => (await context.cookies()).find((cookie) => cookie.name === 'shown_alert')?.value;
  const snapshotAlone = async (path: string) => {
    // The app kept from starting: what the server wrote is what shows.
    await page.route('**/start-after-paint.js', (route) => route.abort());
    await page.goto(path);
    await expect(page.locator('li.chat-row').first()).toBeVisible();
    await page.unroute('**/start-after-paint.js');
  };
  await logInByApi(page, 'demo@example.com', 'demo1234');
  // The app tells the server which alert it shows here: this browser can take push and is not subscribed.
  await expect(page.getByTestId('push-alert')).toBeVisible();
  await expect.poll(shownAlert).toBe('push');

  const heading = page.getByRole('heading', { level: 1, name: 'Berichten' });
  await snapshotAlone('/chats');
  await expect(page.locator('.warnings-header[data-alert="push"]')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Flirtlokaal' }),
  ).toBeVisible();
  await expect(heading).toBeVisible();
  const before = await heading.boundingBox();
  await expectNoSeriousA11yViolations(page, '/chats, the snapshot before the app starts');

  // The app starts on the same page with the same navigation and alert above the same list: nothing moves.
  await page.goto('/chats');
  await expect(page.getByTestId('push-alert')).toBeVisible();
  await expect(page.getByTestId('chat-row').first()).toBeVisible();
  expect((await heading.boundingBox())?.y).toBeCloseTo(before?.y ?? -1, 0);
  await page.getByTestId('push-alert').getByRole('button', { name: 'Sluiten' }).click();
  await expect.poll(shownAlert).not.toBe('push');
  const next = await shownAlert();

  await snapshotAlone('/chats');
  if (next === 'none') await expect(page.locator('.warnings-header')).toHaveCount(0);
  else await expect(page.locator(`.warnings-header[data-alert="${next}"]`)).toBeVisible();
  await expect(page.locator('[data-alert="push"]')).toHaveCount(0);
});
