import { devices, type Page } from '@playwright/test';

/**
 * Pixel 7's screen, touch and user agent for `test.use` in the phone journeys (`*.phone.spec.ts`)
 * and phone groups of other files. Without the preset's browser type, which is a worker option: the
 * phone journeys run in the same workers (and on the same servers) as the others instead of a
 * project of their own.
 */
export const PHONE = (({ defaultBrowserType: _browser, ...context }) => context)(devices['Pixel 7']);

/** By how many pixels the page is wider than the screen (0 or less when it fits: no sideways scrolling). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
