import { expect, test } from '@playwright/test';
import { registerAndLogin } from '../support/members';
import { openMeeting } from './meeting';
import { VIEWPORTS } from './support';

/**
 * Issue 21 point 4: the files section lists a file the member sent in the messenger, with its size and
 * the conversation it was shared in (a link to it); deleted there, it is gone from the list
 * (and from the message: server test memberFiles.test.ts).
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`a member sees a file they sent, where they shared it, and deletes it (${name})`, async ({ browser, baseURL }) => {
    const [anna, boris] = await Promise.all([registerAndLogin(baseURL!), registerAndLogin(baseURL!)]);
    const { page } = await openMeeting(
      browser,
      baseURL!,
      anna.member,
      `/social?section=messenger&recipient=${encodeURIComponent(boris.member.globalId)}`,
      viewport,
    );
    await page
      .getByTestId('attach-input')
      .setInputFiles([{ name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('Повестка встречи\n') }]);
    await page.getByTestId('message-input').fill('Повестка');
    await page.getByTestId('send-message').click();
    await expect(page.getByTestId('chat-attachment-file')).toHaveText('agenda.txt (32 B)');

    await page.goto('/social?section=files');
    const row = page.locator('[data-testid="file-row"][data-name="agenda.txt"]');
    await expect(row).toBeVisible();
    await expect(row.getByTestId('file-size')).toHaveText('32 B');
    const place = row.getByTestId('file-place');
    await expect(place).toHaveText(`Переписка: ${boris.member.first_name} ${boris.member.last_name}`);
    const box = (await row.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.viewport.width);

    await row.getByTestId('file-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('files-empty')).toBeVisible();
  });
}
