/**
 * Back office II, the dashboard: the demo admin opens it, picks a preset period, a site and typed
 * dates, sees the charts with their data tables, downloads a table as CSV; axe-core in Dutch on a
 * desktop and in English on a phone-sized (360 px) viewport.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** Today and `days - 1` days before, as UTC days. */
function lastDays(days: number): { from: string; to: string } {
  const to = new Date().toISOString().slice(0, 10);
  return { from: new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10), to };
}

/** Waits for the dashboard's answer to be on screen: the figures per site with their total row. */
async function dashboardShown(page: Page, total: string): Promise<void> {
  const sites = page.locator('[data-table="sites"] table');
  await expect(sites).toBeVisible();
  await expect(sites.locator('tbody tr').last()).toContainText(total);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

test.describe('back office: dashboard', () => {
  test('the admin changes period and site, reads charts and tables and downloads a CSV', async ({ page }) => {
    test.setTimeout(120_000);
    await signInStaff(page, DEMO_ADMIN);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await dashboardShown(page, 'Totaal');
    // The default period is the last 30 UTC days; every chart is an image with a text alternative.
    const month = lastDays(30);
    await expect(page.getByLabel('Van', { exact: true })).toHaveValue(month.from);
    await expect(page.getByLabel('Tot en met', { exact: true })).toHaveValue(month.to);
    for (const name of [
      /^Lijngrafiek van aanmeldingen/,
      /^Gestapelde staafgrafiek/,
      /^Lijngrafiek van de netto-omzet/,
    ]) {
      await expect(page.getByRole('img', { name })).toBeVisible();
    }
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByText('Dagen zijn UTC-dagen', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin dashboard');
    await page.screenshot({ path: test.info().outputPath('dashboard-desktop-nl.png'), fullPage: true });

    // A preset: the last 7 days, one row per day in the table of the members chart.
    await page.getByRole('button', { name: 'Laatste 7 dagen' }).click();
    const week = lastDays(7);
    await expect(page).toHaveURL(new RegExp(`from=${week.from}&to=${week.to}`));
    await expect(page.getByRole('button', { name: 'Laatste 7 dagen' })).toHaveAttribute('aria-pressed', 'true');
    const members = page.locator('[data-table="member_days"]');
    await members.getByText('Toon de gegevens: Aanmeldingen en aankopen per dag').click();
    await expect(members.locator('tbody tr')).toHaveCount(7);
    await expect(members.getByRole('columnheader', { name: 'Aanmeldingen' })).toBeVisible();

    // Typed dates.
    await page.getByLabel('Van', { exact: true }).fill('2025-01-01');
    await page.getByLabel('Tot en met', { exact: true }).fill('2025-01-10');
    await page.getByRole('button', { name: 'Toon periode' }).click();
    await expect(page).toHaveURL(/from=2025-01-01&to=2025-01-10/);
    await expect(page.locator('#dashboard-period')).toContainText('2025');
    await expect(members.locator('tbody tr')).toHaveCount(10);
    // A reversed period is refused before it is asked for.
    await page.getByLabel('Van', { exact: true }).fill('2025-02-01');
    await expect(page.getByRole('alert')).toContainText('begindatum');
    await expect(page.getByRole('button', { name: 'Toon periode' })).toBeDisabled();

    // One site: its row and the total.
    await page.getByRole('button', { name: 'Laatste 30 dagen' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${month.from}&to=${month.to}`));
    const select = page.getByLabel('Site', { exact: true });
    const siteId = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(siteId ?? '');
    await expect(page).toHaveURL(new RegExp(`site=${siteId}`));
    await dashboardShown(page, 'Totaal');
    await expect(page.locator('[data-table="sites"] tbody tr')).toHaveCount(2);

    // The CSV of the figures per site, named after table, site and period, with the table's rows.
    // The previous answer stays on screen while the chosen one loads: wait for the link of this one
    // (a site's period is a fresh aggregate: on a busy CI machine it took more than the default 10 s).
    const csvLink = page.getByRole('link', { name: 'CSV downloaden: Cijfers per site' });
    await expect(csvLink).toHaveAttribute('href', new RegExp(`from=${month.from}&to=${month.to}&site_id=${siteId}$`), {
      timeout: 30_000,
    });
    const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
    expect(download.suggestedFilename()).toBe(`dashboard-sites-site-${siteId}-${month.from}-${month.to}.csv`);
    const csv = readFileSync((await download.path()) as string, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toMatch(/^site_id,domain,signups,activations,first_purchases,paying_members,/);
    expect(csv).toHaveLength(3);
    expect(csv[2]).toMatch(/^,total,/);
  });

  test('the dashboard on a phone-sized screen in English', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInStaff(page, DEMO_ADMIN);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await dashboardShown(page, 'Total');
    await expect(page.getByRole('img', { name: /^Stacked bar chart of messages per day/ })).toBeVisible();
    // Nothing but the scrolling tables is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(360);
    // The revenue and per-site tables stack on a phone: nothing is cut off or hidden behind a
    // sideways scroll, every row's figures are labelled lines inside the screen.
    for (const name of ['revenue', 'sites']) {
      const box = page.locator(`[data-table="${name}"] section`);
      await expect(box).toBeVisible();
      const { scrollWidth, clientWidth, right } = await box.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        right: el.getBoundingClientRect().right,
      }));
      expect(scrollWidth, name).toBeLessThanOrEqual(clientWidth);
      expect(right, name).toBeLessThanOrEqual(360);
    }
    const revenuePayments = page.locator('[data-table="revenue"] tbody tr').last().locator('[data-label="Payments"]');
    await revenuePayments.scrollIntoViewIfNeeded();
    await expect(revenuePayments).toBeInViewport({ ratio: 1 });
    await expectNoSeriousA11yViolations(page, 'admin dashboard (phone, English)');
    await page.screenshot({ path: test.info().outputPath('dashboard-phone-en.png'), fullPage: true });
    // Back to Dutch, the language the other journeys read the back office in.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'NL', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
