import type { Page } from '@playwright/test';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** Switches the back office's language with the EN/NL buttons of the top bar. */
async function switchLanguage(page: Page, lng: 'EN' | 'NL'): Promise<void> {
  const button = page.getByRole('button', { name: lng, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** A page text as GET /api/admin/site-page.php answers it. */
interface PageText {
  title: string;
  body: string;
  source: 'site' | 'shipped' | 'none';
  default: { title: string; body: string } | null;
}

test.describe('back office: page texts', () => {
  test('an admin edits the English terms of the demo site, the public page shows them, the shipped text comes back; a {token} page is added and deleted; axe in English and Dutch', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff(page, DEMO_ADMIN);
    await switchLanguage(page, 'EN');
    const sites = (await (await page.request.get('/api/admin/site-list.php')).json()) as {
      id: number;
      name: string;
      is_default: boolean;
    }[];
    // The browser's host (127.0.0.1) is served the default site: the demo site.
    const demo = sites.find((s) => s.is_default);
    if (!demo) throw new Error('no default site');
    const textOf = async (slug: string, language: string) =>
      (await (
        await page.request.get(`/api/admin/site-page.php?site_id=${demo.id}&slug=${slug}&language=${language}`)
      ).json()) as PageText;
    const before = await textOf('terms', 'en');
    expect(before.source, 'the demo site starts with no text of its own').not.toBe('site');

    // From the site's settings to its page texts.
    await page.goto(`/admin/sites/${demo.id}`);
    await page.getByRole('link', { name: 'Page texts' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/sites/${demo.id}/pages$`));
    await expect(page.getByRole('heading', { level: 1, name: `Page texts · ${demo.name}` })).toBeVisible();
    const table = page.getByTestId('site-page-table');
    const terms = table.locator('tr[data-slug="terms"]');
    await expect(terms).toContainText('Terms and conditions');
    await expectNoSeriousA11yViolations(page, 'page texts (en)');

    // The editor opens with the shipped text; an empty title is refused under the field.
    await terms.getByRole('link', { name: /: Terms and conditions, English$/ }).click();
    const editor = page.getByTestId('site-page-editor');
    await expect(editor.getByRole('heading', { name: 'Terms and conditions · English' })).toBeFocused();
    await expect(editor.getByLabel('Title')).toHaveValue(before.title);
    await expect(editor.getByLabel('Text (Markdown)')).toHaveValue(before.body);
    await editor.getByLabel('Title').fill('');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByText('Fill this in.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'page text editor with a field error (en)');

    const stamp = Date.now();
    const title = `Terms written in the back office ${stamp}`;
    const sentence = `These terms were written by staff (${stamp}).`;
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Text (Markdown)').fill(`## Our terms\n\n${sentence}\n\nQuestions: {{support_email}}.`);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByRole('status')).toHaveText('Saved. The public page shows it now.');
    await expect(terms.getByRole('link', { name: 'Own text: Terms and conditions, English' })).toBeVisible();
    expect(await textOf('terms', 'en')).toMatchObject({ title, source: 'site', default: before.default });
    const listed = await (await page.request.get(`/api/admin/site-pages.php?site_id=${demo.id}`)).json();
    const entry = listed.pages.find((p: { slug: string }) => p.slug === 'terms');
    expect(entry.languages.find((l: { language: string }) => l.language === 'en').source).toBe('site');

    // A visitor reads it on the public page in English.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto('/pages/terms?lang=en');
    await expect(publicPage.locator('h1')).toHaveText(title);
    await expect(publicPage.getByText(sentence)).toBeVisible();
    await expect(publicPage.getByText('{{support_email}}')).toHaveCount(0);

    // Restore the shipped text (or delete the text while the product ships none in English).
    page.once('dialog', (dialog) => dialog.accept());
    await editor
      .getByRole('button', { name: before.default ? 'Restore the shipped text' : 'Delete this text' })
      .click();
    await expect(editor.getByRole('status')).toHaveText(
      before.default ? 'The shipped text shows again.' : 'The text was deleted.',
    );
    await expect(editor.getByLabel('Title')).toHaveValue(before.default?.title ?? '');
    expect((await textOf('terms', 'en')).source).toBe(before.source);
    await publicPage.reload();
    await expect(publicPage.getByText(sentence)).toHaveCount(0);
    await visitor.close();

    // A {token} page: a reserved address is refused, a new one is written and deleted again.
    await page.getByRole('button', { name: 'Add page' }).click();
    const addForm = page.getByRole('form', { name: 'New page' });
    await addForm.getByLabel('Address').fill('signup');
    await addForm.getByRole('button', { name: 'Write the page' }).click();
    await expect(addForm.getByText('The site uses this address itself. Choose another.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'add page with a field error (en)');
    const token = `e2e-${stamp}`;
    await addForm.getByLabel('Address').fill(token);
    await addForm.getByLabel('Language').selectOption('en');
    await addForm.getByRole('button', { name: 'Write the page' }).click();
    await expect(addForm).toHaveCount(0);
    await expect(editor.getByLabel('Title')).toHaveValue('');
    await editor.getByLabel('Title').fill('Summer offer');
    await editor.getByLabel('Text (Markdown)').fill('Double credits all summer.');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByRole('status')).toHaveText('Saved. The public page shows it now.');
    const row = table.locator(`tr[data-slug="${token}"]`);
    await expect(row.getByRole('link', { name: `Own text: ${token}, English` })).toBeVisible();
    page.once('dialog', (dialog) => dialog.accept());
    await editor.getByRole('button', { name: 'Delete page' }).click();
    await expect(editor.getByRole('status')).toHaveText('The text was deleted.');
    await expect(row).toHaveCount(0);

    // The screen in Dutch, and on a phone.
    await terms.getByRole('link', { name: /: Terms and conditions, English$/ }).click();
    await switchLanguage(page, 'NL');
    await expect(page.getByRole('heading', { level: 1, name: `Paginateksten · ${demo.name}` })).toBeVisible();
    await expect(editor.getByRole('heading', { name: 'Algemene voorwaarden · English' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'page texts with the editor (nl)');
    await page.setViewportSize({ width: 360, height: 780 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'page texts at 360 px: wider than the screen').toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'page texts at 360 px (nl)');
  });
});
