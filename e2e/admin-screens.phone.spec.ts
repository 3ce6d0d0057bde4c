/**
 * Every back-office screen fits a 360 px phone (issue 32, operators): the demo admin opens each list
 * screen of the back office's menu at 360 × 780; none scrolls sideways, and axe-core finds no serious
 * or critical violation on any. Screens with their own phone journeys (members, staff, sites, shop,
 * dashboard) are checked here too, so a new screen's place is this list.
 */
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE, sidewaysOverflow } from './devices';
import { expect, test } from './fixtures';

test.use({ ...PHONE, viewport: { width: 360, height: 780 } });

/** The back office's screens (apps/web/src/admin/router.tsx) that need no record to open. */
const SCREENS = [
  '/admin',
  '/admin/dashboard',
  '/admin/inbox',
  '/admin/inbox/response-times',
  '/admin/photos',
  '/admin/verifications',
  '/admin/reports',
  '/admin/members',
  '/admin/complaints',
  '/admin/payments',
  '/admin/fictional',
  '/admin/sites',
  '/admin/shop',
  '/admin/staff',
  '/admin/audit',
];

test('every back-office screen fits 360 px without sideways scrolling and passes axe', async ({ page }) => {
  test.setTimeout(240_000);
  // signInStaff waits for the account name in the top bar, which a phone keeps behind the menu button.
  await page.setViewportSize({ width: 1200, height: 900 });
  await signInStaff(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 360, height: 780 });
  const tooWide: string[] = [];
  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.locator('#main h1')).toBeVisible();
    const extra = await sidewaysOverflow(page);
    if (extra > 0) tooWide.push(`${screen}: ${extra} px too wide`);
    await expectNoSeriousA11yViolations(page, `${screen} at 360 px`);
  }
  expect(tooWide).toEqual([]);
});
