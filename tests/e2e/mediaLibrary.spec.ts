import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createAdmin, signIn } from '../support/members';
import { baseURL } from './playwright.config';
import { VIEWPORTS, logInToDashboard, unique } from './support';

/** The admin publishes a text with one image through REST; answers the text and the image's upload name. */
async function publishWithImage(admin: { email: string; password: string }) {
  const { token } = await signIn(baseURL, admin.email, admin.password);
  const name = `alt-${unique()}.png`;
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('files', new File([new Uint8Array(png)], name, { type: 'image/png' }));
  const headers = { authorization: `Bearer ${token}` };
  const upload = await fetch(`${baseURL}/publications/upload-media`, { method: 'POST', headers, body: form });
  expect(upload.status).toBe(201);
  const { files } = await upload.json();
  const text = `Лес ${unique()}`;
  const created = await fetch(`${baseURL}/publications/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ content: text, media_files: [files[0].filename] }),
  });
  expect(created.status).toBe(201);
  return { text, name };
}

for (const [device, options] of Object.entries(VIEWPORTS)) {
  test.describe(device, () => {
    test.use(options);

    test('an admin edits a file’s alt text in the media library and the publication image carries it', async ({ page }) => {
      test.setTimeout(120_000);
      // An admin of its own: the demo admin's sign-ins from parallel specs would toast over the dialog.
      const admin = await createAdmin(baseURL);
      const { text, name } = await publishWithImage(admin);
      const alt = `Сосны у реки ${unique()}`;

      await logInToDashboard(page, admin.email, admin.password);
      await page.goto('/admin/media');
      await expect(page.getByTestId('admin-media')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('media-count')).toHaveText(/^\d+$/);
      const row = page.locator(`[data-testid="media-row"][data-original-name="${name}"]`);
      await expect(row).toContainText('Изображение');

      await row.getByTestId('media-view-open').click();
      await expect(page.getByTestId('media-view-url')).toHaveValue(/\/publications\/media\/[0-9a-f-]+\.png$/);
      await expect(page.getByTestId('media-view-url')).toHaveAttribute('readonly', '');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('media-view')).toHaveCount(0);

      await row.getByTestId('media-edit-open').click();
      await page.getByTestId('media-edit-alt').fill(alt);
      await page.getByTestId('media-edit-save').click();
      await expect(page.getByTestId('media-edit')).toHaveCount(0);
      await expect(page.getByText('Информация о файле обновлена!')).toBeVisible();

      await page.goto('/social');
      const publication = page.getByTestId('publication').filter({ hasText: text });
      await expect(publication.getByTestId('publication-image')).toHaveAttribute('alt', alt, { timeout: 30_000 });
    });
  });
}
