import { expect, test, type Browser } from '@playwright/test';
import { registerMember } from '../support/members';
import { baseURL } from './playwright.config';
import { logInToDashboard, unique } from './support';

/** Issue 14, point 4: an admin publishes an article in the CMS tab; a member reads it at /content/{slug}. */
const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

async function signedInPage(browser: Browser, size: { width: number; height: number }, email: string, password: string) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await logInToDashboard(page, email, password);
  return page;
}

for (const { name, size } of viewports) {
  test(`an admin publishes an article that a member reads (${name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = unique();
    const title = `Статья ${tag}`;
    const slug = `statya-${tag}`;

    const admin = await signedInPage(browser, size, 'admin@linkup.ru', 'admin123');
    await admin.goto('/admin/content');
    await admin.getByTestId('content-tab-create').click();
    await admin.getByTestId('content-title').fill(title);
    const editor = admin.getByTestId('content-editor').locator('.ProseMirror');
    await editor.click();
    await admin.keyboard.type('Первый абзац статьи.');
    await admin.getByRole('button', { name: 'Жирный' }).click();
    await admin.keyboard.type(' Важно!');
    await admin.getByTestId('content-type').selectOption('ARTICLE');
    await admin.getByTestId('content-status').selectOption('PUBLISHED');
    await admin.getByTestId('content-save').click();
    await expect(admin.getByTestId('toast').filter({ hasText: 'Контент создан!' })).toBeVisible();
    const row = admin.getByTestId('content-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`/${slug}`);

    const member = await registerMember(baseURL);
    const reader = await signedInPage(browser, size, member.email, member.password);
    await reader.goto(`/content/${slug}`);
    await expect(reader.getByTestId('content-title')).toHaveText(title);
    const body = reader.getByTestId('content-body');
    await expect(body).toContainText('Первый абзац статьи.');
    await expect(body.locator('strong')).toHaveText('Важно!');
    // The list of published content links to it.
    await reader.goto('/content');
    await reader.getByTestId('content-card').filter({ hasText: title }).click();
    await expect(reader).toHaveURL(new RegExp(`/content/${slug}$`));

    // Archived, it is gone for the member.
    await row.getByTestId('content-edit').click();
    const dialog = admin.getByTestId('content-edit-dialog');
    await dialog.getByTestId('content-status').selectOption('ARCHIVED');
    await dialog.getByTestId('content-save').click();
    await expect(admin.getByTestId('toast').filter({ hasText: 'Контент обновлён!' })).toBeVisible();
    await reader.goto(`/content/${slug}`);
    await expect(reader.getByTestId('content-not-found')).toBeVisible();
  });
}
