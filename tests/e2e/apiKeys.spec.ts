import { expect, test } from '@playwright/test';
import { createAdmin } from '../support/members';
import { baseURL } from './playwright.config';
import { logInToDashboard, unique } from './support';

/**
 * Admin "Управление API": a new key's secret is shown once, so its dialog stays open until the admin
 * says it is saved. It used to close by itself right after the key was created: the form's dialog
 * closed and gave the focus back to «Создать ключ», and the secret's dialog, opened at that moment,
 * took the focus leaving it for a click outside. The list shows the new key meanwhile.
 */
test('the new API key’s secret stays shown until the admin says it is saved', async ({ page }) => {
  const admin = await createAdmin(baseURL);
  await logInToDashboard(page, admin.email, admin.password);
  await page.goto('/admin/api');
  await page.getByTestId('api-key-create-open').click();
  const name = `CRM ${unique()}`;
  await page.getByTestId('api-key-name').fill(name);
  await page.getByTestId('api-key-create-save').click();

  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toBeVisible();
  const row = page.locator(`[data-testid="api-key-row"][data-name="${name}"]`);
  await expect(row.getByTestId('api-key-status')).toHaveText('Активен');
  // Still open once the list has the key and the focus has settled (it closed within a few frames).
  await expect(secret.getByTestId('api-key-secret-value')).toBeFocused();
  await page.waitForTimeout(1_000);
  await expect(secret).toBeVisible();
  await expect(secret.getByTestId('api-key-secret-value')).toBeFocused();
  await expect(secret.getByTestId('api-key-secret-value')).toHaveValue(/\S{20,}/);
  // Shown this once: neither Escape nor a click outside it loses the secret.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await page.waitForTimeout(300);
  await expect(secret).toBeVisible();

  await secret.getByTestId('api-key-secret-done').click();
  await expect(secret).toHaveCount(0);
  await expect(row).toBeVisible();
});
