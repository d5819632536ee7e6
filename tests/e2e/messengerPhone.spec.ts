import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn, VIEWPORTS } from './support';
import { registerMember, signIn } from '../support/members';
import { baseURL } from './playwright.config';

/** The messenger on a phone (390x844, touch): list and chat are two screens, every control reachable. */
const phone = VIEWPORTS.phone;

/** Visible, inside the viewport, and a (trial) click would land on it. */
async function expectReachable(control: Locator) {
  await expect(control).toBeVisible();
  await expect(control).toBeInViewport();
  await control.click({ trial: true });
}

async function send(token: string, recipientId: string, content: string) {
  const response = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { __typename } }`,
      variables: { input: { recipientId, content, idempotencyKey: crypto.randomUUID() } },
    }),
  });
  const body = await response.json();
  expect(body.data?.sendMessage?.__typename).toBe('SendMessageSuccess');
}

async function signedInPage(browser: import('@playwright/test').Browser, email: string, password: string, options = {}) {
  const page: Page = await (await browser.newContext(options)).newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('on a phone the conversation list and the chat are two screens, and every messenger control is reachable', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reader = await registerMember(baseURL, { first_name: 'Rita', last_name: 'Тестова' });
  const writer = await registerMember(baseURL, {
    first_name: 'Константин-Александр',
    last_name: 'Ивановский-Преображенский',
  });
  const { token } = await signIn(baseURL, writer.email, writer.password);
  await send(token, reader.globalId, 'Привет с телефона');

  const page = await signedInPage(browser, reader.email, reader.password, phone);
  await page.goto('/social?section=messenger');

  // Screen 1: the list only. The long name ends with an ellipsis; the date has its own line.
  const item = page.getByTestId('conversation-item');
  await expectReachable(item);
  await expect(page.getByTestId('message-input')).toHaveCount(0);
  const name = item.getByTestId('conversation-name');
  await expect(name).toHaveText('Константин-Александр Ивановский-Преображенский');
  expect(await name.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
  expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const date = item.getByTestId('conversation-date');
  await expect(date).toBeInViewport();
  const nameBox = (await name.boundingBox())!;
  const dateBox = (await date.boundingBox())!;
  expect(dateBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);

  // Screen 2: the chat, with a back button; the input takes the width.
  await item.click();
  await expect(page).toHaveURL(/recipient=/);
  await expect(page.getByTestId('chat-with')).toHaveText('Константин-Александр Ивановский-Преображенский');
  await expect(page.getByTestId('conversation-list')).toBeHidden();
  for (const id of ['messenger-back', 'attach-button', 'emoji-toggle', 'message-input']) {
    await expectReachable(page.getByTestId(id));
  }
  const input = page.getByTestId('message-input');
  expect((await input.boundingBox())!.width).toBeGreaterThan(390 * 0.5);
  await input.fill('Ответ');
  await expectReachable(page.getByTestId('send-message'));
  await page.getByTestId('send-message').click();
  await expect(page.getByTestId('chat-message-text')).toHaveText(['Привет с телефона', 'Ответ']);
  await page.getByTestId('emoji-toggle').click();
  await expectReachable(page.getByRole('button', { name: '👍' }));
  await page.getByTestId('emoji-toggle').click();

  // The browser's back button returns to the list; the in-page back button does too.
  await page.goBack();
  await expect(page).not.toHaveURL(/recipient=/);
  await expectReachable(page.getByTestId('conversation-item'));
  await expect(page.getByTestId('message-input')).toHaveCount(0);
  await page.getByTestId('conversation-item').click();
  await expectReachable(page.getByTestId('message-input'));
  await page.getByTestId('messenger-back').click();
  await expectReachable(page.getByTestId('conversation-item'));
  await expect(page.getByTestId('chat-view')).toHaveCount(0);
});

test('on a desktop the messenger still shows the list and the chat side by side', async ({ browser }) => {
  const reader = await registerMember(baseURL, { first_name: 'Roza', last_name: 'Тестова' });
  const writer = await registerMember(baseURL, { first_name: 'Semyon', last_name: 'Тестов' });
  const { token } = await signIn(baseURL, writer.email, writer.password);
  await send(token, reader.globalId, 'Добрый день');

  const page = await signedInPage(browser, reader.email, reader.password, { viewport: { width: 1280, height: 800 } });
  await page.goto('/social?section=messenger');
  await expect(page.getByTestId('messenger-empty')).toBeVisible();
  await page.getByTestId('conversation-item').click();
  await expect(page.getByTestId('chat-with')).toHaveText('Semyon Тестов');
  // Both screens at once, no back button; every control in view.
  await expectReachable(page.getByTestId('conversation-item'));
  await expect(page.getByTestId('messenger-back')).toBeHidden();
  for (const id of ['attach-button', 'emoji-toggle', 'message-input']) await expectReachable(page.getByTestId(id));
  const list = (await page.getByTestId('conversation-list').boundingBox())!;
  const chat = (await page.getByTestId('chat-view').boundingBox())!;
  expect(chat.x).toBeGreaterThan(list.x + list.width);
  expect(Math.abs(chat.y - list.y)).toBeLessThan(40);
});
