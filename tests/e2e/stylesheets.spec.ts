import { expect, test } from '@playwright/test';
import { createAdmin, registerMember } from '../support/members';
import { baseURL } from './playwright.config';
import { logIn, logInToDashboard, unique } from './support';

/**
 * Issue 15 point 4: an admin writes a stylesheet with a variable and activates it; the admin's page
 * and another member's page (after a load) get the computed style; switched off, it is gone. The
 * property is one nothing else on the site sets and no other spec reads (the suite runs in parallel).
 */
test('an activated stylesheet changes a computed style on the site, for everyone, until it is switched off', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const padding = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop);
  const admin = await createAdmin(baseURL);
  await logInToDashboard(page, admin.email, admin.password);
  await page.goto('/admin/styles');
  await page.getByTestId('stylesheet-create').click();
  const dialog = page.getByTestId('stylesheet-dialog');
  const name = `Отступ ${unique()}`;
  await dialog.getByTestId('stylesheet-name').fill(name);
  // Refused first: a value that does not fit its property.
  await dialog.getByTestId('stylesheet-content').fill('html { scroll-padding-top: red; }');
  await dialog.getByTestId('stylesheet-save').click();
  await expect(dialog.getByTestId('stylesheet-error')).toContainText('Ошибка в CSS в строке 1');
  await dialog.getByTestId('stylesheet-variables').fill('--e2e-padding: 17px');
  await dialog.getByTestId('stylesheet-content').fill('html { scroll-padding-top: var(--e2e-padding); }');
  await dialog.getByTestId('stylesheet-save').click();
  await expect(dialog).toHaveCount(0);

  const row = page.locator(`[data-testid="stylesheet-row"][data-name="${name}"]`);
  expect(await padding()).toBe('auto');
  await row.getByTestId('stylesheet-toggle').click();
  await expect(row.getByTestId('stylesheet-active')).toBeVisible();
  await expect.poll(padding).toBe('17px');

  const member = await registerMember(baseURL);
  const memberPage = await (await browser.newContext({ locale: 'ru-RU' })).newPage();
  await logIn(memberPage, member.email, member.password);
  await expect.poll(() => memberPage.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop)).toBe('17px');

  await row.getByTestId('stylesheet-toggle').click();
  await expect(row.getByTestId('stylesheet-active')).toHaveCount(0);
  await expect.poll(padding).toBe('auto');
  await memberPage.context().close();
});
