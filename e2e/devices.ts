import { devices } from '@playwright/test';

/**
 * Pixel 7's screen, touch and user agent for `test.use` in the phone journeys (`*.phone.spec.ts`)
 * and phone groups of other files. Without the preset's browser type, which is a worker option: the
 * phone journeys run in the same workers (and on the same servers) as the others instead of a
 * project of their own.
 */
export const PHONE = (({ defaultBrowserType: _browser, ...context }) => context)(devices['Pixel 7']);
