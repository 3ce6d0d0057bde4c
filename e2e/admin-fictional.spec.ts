import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** Switches the back office's language with the EN/NL buttons of the top bar. */
async function switchLanguage(page: Page, lng: 'EN' | 'NL'): Promise<void> {
  const button = page.getByRole('button', { name: lng, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** A portrait-sized JPEG with camera metadata, as a phone makes one. */
function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 190, g: 120, b: 90 } } })
    .withExif({ IFD0: { Make: 'E2ECam', Model: 'Phone' } })
    .jpeg()
    .toBuffer();
}

test.describe('back office: fictional profiles', () => {
  test('the admin creates a fictional profile with a photo and persona, edits it; axe on list and editor in English, Dutch and at 360 px', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const name = `Fenna${Date.now() % 100000}`;
    const persona = `Fenna werkt in een bloemenzaak en praat graag over tuinieren ${Date.now()}`;
    await signInStaff(page, DEMO_ADMIN);
    await switchLanguage(page, 'EN');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Fictional profiles' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fictional profiles' })).toBeVisible();
    await expect(page.getByTestId('fictional-label').first()).toContainText('Fictional');
    await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'fictional list (en)');

    // Create: every kind of field, the persona note and a niche.
    await page.getByRole('link', { name: 'New fictional profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New fictional profile' })).toBeVisible();
    await page.getByLabel('Profile name').fill(name);
    await page.getByLabel('Date of birth').fill('1989-05-17');
    await page.getByLabel('City').fill('Amsterdam');
    await page.getByLabel('Hair colour').selectOption({ label: 'Red' });
    await page.getByLabel('Looking for').selectOption({ label: 'Dating' });
    await page.getByRole('checkbox', { name: 'Music', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Travelling', exact: true }).check();
    await page.getByLabel('About me (shown on the profile)').fill('Ik hou van bloemen en lange wandelingen.');
    await page.getByLabel('Persona note for operators (never shown to members)').fill(persona);
    await page.getByRole('checkbox', { name: 'MILF' }).check();
    await expectNoSeriousA11yViolations(page, 'fictional create (en)');
    await page.getByRole('button', { name: 'Create the profile' }).click();
    await expect(page).toHaveURL(/\/admin\/fictional\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${name} · #\\d+$`) })).toBeVisible();
    await expect(page.getByText('The fictional profile was created.')).toBeVisible();
    await expect(page.getByTestId('fictional-label')).toContainText('Fictional');
    await expect(page.getByLabel('Region')).toHaveValue('NL-NH');

    // A photo through the photo pipeline: approved at once, the main photo.
    await page
      .getByLabel('Photo to add')
      .setInputFiles({ name: 'fenna.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
    await page.getByRole('button', { name: 'Add photo' }).click();
    const photos = page.getByTestId('fictional-photos').getByRole('listitem');
    await expect(photos).toHaveCount(1);
    await expect(photos.first()).toContainText('Main photo');
    await expect(photos.first().getByRole('img')).toHaveJSProperty('complete', true);

    // A validation error of the API shows under its field in the staff's language.
    await page.getByLabel('Profile name').fill('@fenna');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile name may not start with an @')).toBeVisible();
    await expect(page.getByLabel('Profile name')).toHaveAttribute('aria-invalid', 'true');

    // Edit: a new description and status; kept after a reload, persona too.
    await page.getByLabel('Profile name').fill(name);
    await page.getByLabel('About me (shown on the profile)').fill('Bloemen, boeken en de zee.');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Disabled' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The changes were saved.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'fictional editor (en)');
    await page.reload();
    await expect(page.getByLabel('About me (shown on the profile)')).toHaveValue('Bloemen, boeken en de zee.');
    await expect(page.getByLabel('Persona note for operators (never shown to members)')).toHaveValue(persona);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('disabled');
    await expect(page.getByRole('checkbox', { name: 'MILF' })).toBeChecked();

    await switchLanguage(page, 'NL');
    await expect(page.getByRole('heading', { level: 2, name: "Foto's (1)" })).toBeVisible();
    await expect(page.getByTestId('fictional-label')).toContainText('Fictief');
    await expectNoSeriousA11yViolations(page, 'fictional editor (nl)');

    // The list finds it by name, with its photo; filters live in the address bar.
    await page.goto(`/admin/fictional?q=${name}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fictieve profielen' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('table').getByRole('img', { name: `Hoofdfoto van ${name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'fictional list (nl)');

    // A phone-sized screen: cards instead of the table, the editor in one column.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(
      page.getByRole('list', { name: 'Gevonden fictieve profielen' }).getByRole('link', { name }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'fictional list (nl, 360 px)');
    await page.getByRole('list', { name: 'Gevonden fictieve profielen' }).getByRole('link', { name }).click();
    await expect(page.getByLabel('Profielnaam')).toHaveValue(name);
    await expectNoSeriousA11yViolations(page, 'fictional editor (nl, 360 px)');
  });
});
