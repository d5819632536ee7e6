import { expect, test } from '@playwright/test';
import { createAdmin } from '../support/members';
import { baseURL } from './playwright.config';
import { logInToDashboard, unique } from './support';

/**
 * Issue 15 point 4, templates: an admin writes a mail template, is told what is wrong with it,
 * previews it with sample values (in a sandboxed frame) and saves it; the list shows its type and
 * status, and its saved version previews too; deleted, it leaves the list and the tab stays. Activation and its effect on mails and the landing
 * page are server tests (templates.test.ts): an active template here would change what parallel
 * specs see.
 */
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`an admin writes, previews and saves a mail template (${viewport.name})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    // An admin of its own: the demo admin's sign-ins from parallel specs would toast over the dialog.
    const admin = await createAdmin(baseURL);
    await logInToDashboard(page, admin.email, admin.password);
    await page.goto('/admin/templates');
    await expect(page.locator('[data-testid="template-row"][data-name="Письмо LinkUp"]')).toBeVisible();

    await page.getByTestId('template-create').click();
    const dialog = page.getByTestId('template-dialog');
    const name = `Письмо ${unique()}`;
    await dialog.getByTestId('template-name').fill(name);
    await expect(dialog.getByTestId('template-placeholders')).toContainText('{{body}}');
    await dialog.getByTestId('template-content').fill('<h1>{{subject}}</h1><p>{{password}}</p>');
    await dialog.getByTestId('template-preview-draft').click();
    await expect(dialog.getByTestId('template-error')).toContainText('Неизвестная подстановка {{password}}');

    await dialog.getByTestId('template-content').fill('<h1>{{subject}}</h1><p style="color:#b91c1c">{{body}}</p>');
    await dialog.getByTestId('template-preview-draft').click();
    const frame = page.frameLocator('[data-testid="template-dialog"] [data-testid="template-preview"]');
    await expect(frame.locator('h1')).toHaveText('Восстановление пароля');
    await expect(frame.locator('p')).toHaveCSS('color', 'rgb(185, 28, 28)');
    await dialog.getByTestId('template-save').click();
    await expect(dialog).toHaveCount(0);

    const row = page.locator(`[data-testid="template-row"][data-name="${name}"]`);
    await expect(row).toContainText('mail');
    await expect(row.getByTestId('template-active')).toHaveCount(0);
    await row.getByTestId('template-preview-open').click();
    const saved = page.frameLocator('[data-testid="template-preview-dialog"] [data-testid="template-preview"]');
    await expect(saved.locator('p')).toContainText('Здравствуйте!');
    await page.getByTestId('template-preview-dialog').getByRole('button', { name: 'Закрыть' }).click();
    await expect(page.getByTestId('template-preview-dialog')).toHaveCount(0);

    // Deleted, it leaves the list and the tab stays with the other templates.
    await row.getByTestId('template-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(row).toHaveCount(0);
    await expect(page.locator('[data-testid="template-row"][data-name="Письмо LinkUp"]')).toBeVisible();
    await expect(page.getByTestId('template-create')).toBeVisible();
    await expect(page.getByTestId('admin-tab-error')).toHaveCount(0);
  });
}
