import { expect, test } from '@playwright/test';
import { logIn } from './support';
import { registerMember } from '../support/members';
import { baseURL } from './playwright.config';

test('a message typed by one member appears in the other’s open messenger, unread, then read, without reloads', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const olga = await registerMember(baseURL, { first_name: 'Olga', last_name: 'Тестова' });
  const pavel = await registerMember(baseURL, { first_name: 'Pavel', last_name: 'Тестова' });
  const olgaContext = await browser.newContext();
  const pavelContext = await browser.newContext();
  const olgaPage = await olgaContext.newPage();
  const pavelPage = await pavelContext.newPage();
  await logIn(olgaPage, olga.email, olga.password);
  await logIn(pavelPage, pavel.email, pavel.password);
  await expect(olgaPage).toHaveURL(/\/dashboard$/);
  await expect(pavelPage).toHaveURL(/\/dashboard$/);

  // Pavel has his messenger open, with nobody selected and no conversation yet.
  await pavelPage.goto('/social?section=messenger');
  await expect(pavelPage.getByTestId('no-conversations')).toBeVisible();

  // Olga opens the messenger on Pavel and writes; Shift+Enter makes a new line, Enter sends.
  await olgaPage.goto(`/social?section=messenger&recipient=${encodeURIComponent(pavel.globalId)}`);
  await expect(olgaPage.getByTestId('chat-with')).toHaveText('Pavel Тестова');
  const input = olgaPage.getByTestId('message-input');
  await input.fill('Привет, Павел!');
  // Pavel sees nothing yet, but the typing reaches him once the conversation exists (below).
  await input.press('Shift+Enter');
  await input.pressSequentially('Как дела?');
  await input.press('Enter');
  await expect(olgaPage.getByTestId('chat-message-text')).toHaveText(['Привет, Павел!\nКак дела?']);
  await expect(input).toHaveValue('');

  // Live on Pavel's page: the conversation shows up with one unread message.
  const item = pavelPage.getByTestId('conversation-item');
  await expect(item.getByTestId('conversation-name')).toHaveText('Olga Тестова');
  await expect(item.getByTestId('unread-count')).toHaveText('1');

  // Opening it shows the message and marks it read: the badge goes, Olga sees the read mark.
  await item.click();
  await expect(pavelPage.getByTestId('chat-message-text')).toHaveText(['Привет, Павел!\nКак дела?']);
  await expect(item.getByTestId('unread-count')).toHaveCount(0);
  await expect(olgaPage.getByTestId('read-mark')).toHaveCount(1);

  // Typing shows on the other side while it lasts.
  await olgaPage.getByTestId('message-input').fill('Пишу…');
  await expect(pavelPage.getByTestId('chat-status')).toHaveText('печатает…');

  // Pavel answers; it arrives in Olga's open chat.
  await pavelPage.getByTestId('message-input').fill('Отлично!');
  await pavelPage.getByTestId('message-input').press('Enter');
  await expect(olgaPage.getByTestId('chat-message-text')).toHaveText(['Привет, Павел!\nКак дела?', 'Отлично!']);

  await olgaContext.close();
  await pavelContext.close();
});

test('the messenger asks for a recipient and the emoji panel has 10 columns', async ({ page }) => {
  const vera = await registerMember(baseURL, { first_name: 'Vera', last_name: 'Тестова' });
  await logIn(page, vera.email, vera.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/social?section=messenger');
  await expect(page.getByTestId('messenger-empty')).toHaveText('Выберите получателя сообщения');

  const other = await registerMember(baseURL, { first_name: 'Gleb', last_name: 'Тестова' });
  await page.goto(`/social?section=messenger&recipient=${encodeURIComponent(other.globalId)}`);
  await page.getByTestId('emoji-toggle').click();
  const columns = await page
    .getByTestId('emoji-panel')
    .locator('> div')
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(10);
  await page.getByRole('button', { name: '👍' }).click();
  await expect(page.getByTestId('message-input')).toHaveValue('👍');
});

test('a photo and a text file sent in the chat reach the other member', async ({ browser }) => {
  test.setTimeout(120_000);
  const nina = await registerMember(baseURL, { first_name: 'Nina', last_name: 'Тестова' });
  const yuri = await registerMember(baseURL, { first_name: 'Yuri', last_name: 'Тестова' });
  const ninaPage = await (await browser.newContext()).newPage();
  const yuriPage = await (await browser.newContext()).newPage();
  await logIn(ninaPage, nina.email, nina.password);
  await logIn(yuriPage, yuri.email, yuri.password);
  await expect(ninaPage).toHaveURL(/\/dashboard$/);
  await expect(yuriPage).toHaveURL(/\/dashboard$/);
  await yuriPage.goto(`/social?section=messenger&recipient=${encodeURIComponent(nina.globalId)}`);
  await ninaPage.goto(`/social?section=messenger&recipient=${encodeURIComponent(yuri.globalId)}`);

  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await ninaPage.getByTestId('attach-input').setInputFiles([
    { name: 'dot.png', mimeType: 'image/png', buffer: png },
    { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('План на неделю') },
  ]);
  await expect(ninaPage.getByTestId('chosen-file')).toHaveText([`dot.png (${png.length} B)`, 'plan.txt (26 B)']);
  await ninaPage.getByTestId('message-input').fill('Смотри');
  await ninaPage.getByTestId('send-message').click();
  await expect(ninaPage.getByTestId('chosen-file')).toHaveCount(0);

  // Live on Yuri's open chat: the text, the picture (loaded through its signed link) and the file.
  await expect(yuriPage.getByTestId('chat-message-text')).toHaveText(['Смотри']);
  const image = yuriPage.getByTestId('chat-attachment-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(yuriPage.getByTestId('chat-attachment-file')).toHaveText('plan.txt (26 B)');
});
