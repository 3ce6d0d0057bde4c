import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';
import {
  expectNoDutchSiteTexts,
  expectNoPerProfileWarning,
  expectSiteWideNotice,
  findFictional,
  logInDemo,
  PER_PROFILE_WARNING,
  useEnglish,
} from './site-language-helpers';

/**
 * The site-language journey on a 360 px phone (SPEC.md 3 Settings; DECISIONS.md Languages): the
 * home page, the search, a fictional profile and its chat show the site texts in English, the chat
 * has a way back, and nothing is wider than the screen.
 */

test.use({ ...PHONE, viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await useEnglish(context, baseURL);
});

async function expectNoOverflow(page: import('@playwright/test').Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `page wider than the screen on ${page.url()}`).toBeLessThanOrEqual(360);
}

test('on a 360 px phone the site texts are English from the home page to a chat', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('sign up for free');
  await expectNoDutchSiteTexts(page);
  await expectNoPerProfileWarning(page);
  await expectNoOverflow(page);

  await logInDemo(page);
  await page.goto('/members');
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);
  await expectNoOverflow(page);

  const fictional = await findFictional(page.request);
  await page.goto(`/members/${fictional.id}`);
  await expect(page.getByText(`${PER_PROFILE_WARNING}.`).first()).toBeVisible();
  await expectNoDutchSiteTexts(page);
  await expectNoOverflow(page);

  await page.goto(`/members/${fictional.id}/chat`);
  const input = page.getByRole('textbox').first();
  await expect(input).toBeVisible();
  await expectNoDutchSiteTexts(page);
  await expectNoOverflow(page);
  // The message field takes most of the phone's width, not a sliver beside the buttons.
  const box = await input.boundingBox();
  expect(box?.width ?? 0, 'message field width').toBeGreaterThanOrEqual(180);
  await expectNoSeriousA11yViolations(page, 'chat, English, 360 px');
  await page
    .getByRole('link', { name: /back|conversations/i })
    .first()
    .click();
  await expect(page).not.toHaveURL(/\/chat$/);
});
