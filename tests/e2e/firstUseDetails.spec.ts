import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/members';
import { openMeeting } from './meeting';
import { VIEWPORTS } from './support';

/** The small first-use details of issue 13: the favicon, notices beside the language selector, the meeting tabs. */

test('the site has a favicon: a default one at /favicon.ico, linked from the page', async ({ page, request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  const body = await icon.body();
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);

  await page.goto('/login');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('/favicon.ico');
});

const overlaps = async (page: Page, a: string, b: string) => {
  const [boxA, boxB] = await Promise.all([page.getByTestId(a).first().boundingBox(), page.getByTestId(b).boundingBox()]);
  if (!boxA || !boxB) throw new Error(`no box for ${a} or ${b}`);
  return !(
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
};

for (const [size, options] of Object.entries(VIEWPORTS)) {
  test(`a notice does not cover the language selector (${size})`, async ({ browser, baseURL }) => {
    const user = { email: 'ivan@linkup.ru', password: 'user123' };
    const { page, context } = await openMeeting(browser, baseURL!, user, '/dashboard', options);
    const select = page.getByTestId('language-select');
    // The dashboard's suggestions arrive after the first paint and push the footer down: scroll again until it stays.
    await expect(async () => {
      await select.scrollIntoViewIfNeeded();
      await expect(select).toBeInViewport({ timeout: 1000 });
    }).toPass();
    // Signing in elsewhere sends this page a notice.
    await signIn(baseURL!, user.email, user.password);
    await expect(page.getByTestId('toast').first()).toBeVisible();
    // Measured once it has slid in: while entering it rises from below the screen's edge.
    await expect.poll(() => overlaps(page, 'toast', 'language-select')).toBe(false);
    // And the selector still takes a click while the notice shows.
    await select.selectOption('en');
    await expect(select).toHaveValue('en');
    await context.close();
  });
}

test("the meeting area's side tabs show their labels and are named for screen readers", async ({ browser, baseURL }) => {
  const { page, context } = await openMeeting(
    browser,
    baseURL!,
    { email: 'sergey@linkup.ru', password: 'user123' },
    '/video-calls',
    VIEWPORTS.desktop,
  );
  for (const name of ['Контакты', 'Календарь', 'Активности', 'Комнаты', 'Записи', 'Файлы']) {
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toBeVisible();
    await expect(tab.getByTestId('tab-label')).toBeVisible();
    await expect(tab.getByTestId('tab-label')).toHaveText(name);
  }
  await context.close();
});

test("the chat input bar's contact picker sends a contact card into the conversation", async ({ browser, baseURL }) => {
  const userGlobalId = (id: number) => Buffer.from(`User:${id}`).toString('base64');
  const admin = await openMeeting(browser, baseURL!, { email: 'admin@linkup.ru', password: 'admin123' }, '/dashboard');
  const moderator = await openMeeting(browser, baseURL!, { email: 'moderator@linkup.ru', password: 'moder123' }, '/dashboard');
  await admin.page.goto(`/social?section=messenger&recipient=${encodeURIComponent(userGlobalId(moderator.id))}`);
  await moderator.page.goto(`/social?section=messenger&recipient=${encodeURIComponent(userGlobalId(admin.id))}`);
  await expect(admin.page.getByTestId('chat-with')).toHaveText('Мария Кузнецова');

  await admin.page.getByRole('button', { name: 'Отправить контакт' }).click();
  await admin.page.getByTestId('contact-picker').getByText('Моя карточка').click();
  await expect(admin.page.getByTestId('contact-picker')).toHaveCount(0);

  // Both sides see the card: the name and a link to the profile.
  for (const page of [admin.page, moderator.page]) {
    const card = page.getByTestId('chat-contact-card').last();
    await expect(card.getByTestId('contact-card-name')).toHaveText('Александр Смирнов');
    await expect(card.getByRole('link')).toHaveAttribute('href', '/profile/admin');
  }
  for (const context of [admin.context, moderator.context]) await context.close();
});
