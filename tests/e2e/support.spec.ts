import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';
import { registerMember } from '../support/members';
import { baseURL } from './playwright.config';
import { logInToDashboard, unique, VIEWPORTS } from './support';

/** Issue 14, point 5: a member writes to support from the footer; an admin answers; the member sees the answer. */

/** A page's first render after a navigation (the shared machine can be slow to paint it). */
const PAGE_LOAD = { timeout: 30_000 };

async function signedInPage(browser: Browser, options: BrowserContextOptions, email: string, password: string) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await logInToDashboard(page, email, password);
  return page;
}

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`a member's support message is answered and the member sees the answer (${name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = unique();
    const subject = `Вопрос ${tag}`;
    const text = `Не получается пригласить коллег в звонок. ${'Подробности. '.repeat(10)}`.trim();
    const answer = `Откройте вкладку «Контакты» и нажмите «Пригласить» (${tag}).`;

    const member = await registerMember(baseURL);
    const page = await signedInPage(browser, options, member.email, member.password);
    await page.getByTestId('footer-support').click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByTestId('support-empty')).toBeVisible(PAGE_LOAD);

    // Nothing is sent without a subject.
    await page.getByTestId('support-text').fill(text);
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-error')).toHaveText('Введите тему обращения');
    await page.getByTestId('support-subject').fill(subject);
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Сообщение отправлено в поддержку!' })).toBeVisible();
    const mine = page.getByTestId('support-message').filter({ hasText: subject });
    await expect(mine).toContainText(text);
    await expect(mine.getByTestId('support-message-status')).toHaveText('Отправлено');

    const admin = await signedInPage(browser, options, 'admin@linkup.ru', 'admin123');
    await admin.goto('/admin/support');
    const row = admin.getByTestId('support-inbox-row').filter({ hasText: subject });
    await expect(row.getByTestId('support-inbox-new')).toBeVisible(PAGE_LOAD);
    // The inbox shows the first 100 characters.
    await expect(row.getByTestId('support-inbox-preview')).toHaveText(`${[...text].slice(0, 100).join('')}…`);
    const newCount = Number((await admin.getByTestId('support-new-count').innerText()).replace(/\D/g, ''));
    expect(newCount).toBeGreaterThan(0);

    await row.getByTestId('support-view').click();
    const dialog = admin.getByTestId('support-dialog');
    await expect(dialog.getByTestId('support-dialog-content')).toHaveText(text);
    // Viewing marked it read: the badge counts one fewer.
    await expect(row.getByTestId('support-inbox-new')).toHaveCount(0);
    await expect(admin.getByTestId('support-new-count')).toHaveText(`Новых: ${newCount - 1}`);
    // The sidebar's badge follows (it is hidden when nothing is new).
    const badge = admin.getByTestId('admin-support-badge');
    if (newCount > 1) await expect(badge).toHaveText(String(newCount - 1), PAGE_LOAD);
    else await expect(badge).toHaveCount(0, PAGE_LOAD);
    await dialog.getByTestId('support-reply-text').fill(answer);
    // The member's notice lasts 5 s: watched from the moment the reply is sent.
    const notified = page
      .getByTestId('toast')
      .filter({ hasText: `Поддержка ответила на ваше обращение «${subject}»` })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await dialog.getByTestId('support-reply-send').click();
    await expect(admin.getByTestId('toast').filter({ hasText: 'Ответ отправлен!' })).toBeVisible();
    await expect(dialog.getByTestId('support-dialog-reply')).toContainText(answer);

    // The member is notified live, and the answer appears under the message without a reload.
    await notified;
    await expect(mine.getByTestId('support-reply')).toContainText(answer);
    await expect(mine.getByTestId('support-message-status')).toHaveText('Есть ответ');
    // And it is still there after a reload.
    await page.reload();
    await expect(page.getByTestId('support-message').filter({ hasText: subject }).getByTestId('support-reply')).toContainText(
      answer,
      PAGE_LOAD,
    );
  });
}
