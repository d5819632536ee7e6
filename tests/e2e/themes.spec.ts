import { expect, test, type Page } from '@playwright/test';
import { createAdmin, registerMember } from '../support/members';
import { baseURL } from './playwright.config';
import { logIn, logInToDashboard, unique } from './support';

/** What a page looks like: Chakra's colour-mode class, the accent the brand shades point at, the page background. */
// Chakra's teal.600 and blue.600, as the computed custom property (its var() resolved).
const TEAL_600 = '#0d9488';
const BLUE_600 = '#2563eb';

const look = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
    return {
      dark: root.classList.contains('dark'),
      brand: getComputedStyle(root).getPropertyValue('--chakra-colors-brand-600').trim(),
      darkBackground: r + g + b < 150,
    };
  });

/**
 * Issue 15 point 4, themes: an admin creates a dark theme with a teal accent and applies it; the
 * admin's page and another member's open page (live, and after a load) are dark and teal; the light theme applied
 * again, both are light and blue. The suite runs in parallel, so the dark window is kept short.
 */
test('an applied theme sets the colour mode and accent of every page, for everyone', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await createAdmin(baseURL);
  await logInToDashboard(page, admin.email, admin.password);
  await page.goto('/admin/themes');
  await expect(page.locator('[data-testid="theme-card"][data-name="Светлая"]').getByTestId('theme-active')).toBeVisible();

  await page.getByTestId('theme-create').click();
  const dialog = page.getByTestId('theme-dialog');
  const name = `Ночь ${unique()}`;
  await dialog.getByTestId('theme-name').fill(name);
  await dialog.getByTestId('theme-mode').selectOption('dark');
  await dialog.getByTestId('theme-accent-teal').click();
  await expect(dialog.getByTestId('theme-accent-teal')).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByTestId('theme-save').click();
  await expect(dialog).toHaveCount(0);

  const member = await registerMember(baseURL);
  const memberPage = await (await browser.newContext({ locale: 'ru-RU' })).newPage();
  await logIn(memberPage, member.email, member.password);
  expect(await look(memberPage)).toMatchObject({ dark: false, darkBackground: false });

  const card = page.locator(`[data-testid="theme-card"][data-name="${name}"]`);
  try {
    await card.getByTestId('theme-activate').click();
    await expect(card.getByTestId('theme-active')).toBeVisible();
    await expect.poll(() => look(page)).toEqual({ dark: true, brand: TEAL_600, darkBackground: true });
    // Live on the member's open page, and kept after a load.
    await expect.poll(() => look(memberPage)).toEqual({ dark: true, brand: TEAL_600, darkBackground: true });
    await memberPage.reload();
    await expect.poll(() => look(memberPage)).toEqual({ dark: true, brand: TEAL_600, darkBackground: true });
  } finally {
    await page.locator('[data-testid="theme-card"][data-name="Светлая"]').getByTestId('theme-activate').click();
  }
  await expect.poll(() => look(page)).toEqual({ dark: false, brand: BLUE_600, darkBackground: false });
  await expect.poll(() => look(memberPage)).toEqual({ dark: false, brand: BLUE_600, darkBackground: false });

  await card.getByTestId('theme-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(card).toHaveCount(0);
  // The tab stays, with the other themes: the deleted one was not left in the list as a null theme.
  await expect(page.locator('[data-testid="theme-card"][data-name="Светлая"]')).toBeVisible();
  await expect(page.getByTestId('theme-create')).toBeVisible();
  await expect(page.getByTestId('admin-tab-error')).toHaveCount(0);
  await memberPage.context().close();
});

test('the themes tab works on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await createAdmin(baseURL);
  await logInToDashboard(page, admin.email, admin.password);
  await page.goto('/admin/themes');
  const card = page.locator('[data-testid="theme-card"][data-name="Тёмная"]');
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await card.getByTestId('theme-edit').click();
  await expect(page.getByTestId('theme-dialog').getByTestId('theme-accent-blue')).toHaveAttribute('aria-pressed', 'true');
});
