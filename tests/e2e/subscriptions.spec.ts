import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerMember, signIn } from '../support/members';
import { roomRow, showSidePanel } from './meeting';
import { baseURL } from './playwright.config';
import { expectNoSideScroll, VIEWPORTS } from './support';

// The demo administrator of the seeded database (prisma/seed.ts).
const ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };

/** A browser context at the viewport, signed in as `user` (its token in localStorage), on `path`, in `language`. */
async function openAs(
  browser: Browser,
  user: { email: string; password: string },
  path: string,
  viewport: keyof typeof VIEWPORTS,
  language: 'ru' | 'en' | 'fr' = 'ru',
) {
  const { token } = await signIn(baseURL, user.email, user.password);
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', ...VIEWPORTS[viewport] });
  await context.addInitScript(
    ([value, chosen]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('language', chosen);
    },
    [token, language],
  );
  const page = await context.newPage();
  await page.goto(path);
  return { page, context };
}

/** Plans are data: the admin raises the enterprise plan's room size and puts it back (no other spec reads it). */
async function editEnterprisePlan(page: Page) {
  const row = page.getByTestId('plan-row-enterprise');
  const setParticipants = async (value: string) => {
    await row.getByTestId('plan-edit').click();
    const dialog = page.getByTestId('plan-dialog');
    await dialog.getByTestId('plan-participants-input').fill(value);
    await dialog.getByTestId('plan-save').click();
    await expect(dialog).toHaveCount(0);
  };
  await setParticipants('1200');
  await expect(row.getByTestId('plan-participants')).toHaveText(/^1\s?200$/);
  await setParticipants('1000');
  await expect(row.getByTestId('plan-participants')).toHaveText(/^1\s?000$/);
}

/**
 * A member asks for the basic plan by transfer and sees it pending; an admin activates it in the
 * subscribers tab; the member sees it active and creates a room larger than the free limit (50).
 */
async function subscribeActivateAndUse(browser: Browser, viewport: keyof typeof VIEWPORTS) {
  const member = await registerMember(baseURL, { first_name: 'Подписчица', last_name: `Тестовая-${viewport}` });
  const { page, context } = await openAs(browser, member, '/subscription-plans', viewport);

  // A loaded machine takes a while for the first page and its query.
  const loading = { timeout: 30_000 };
  await expect(page.getByTestId('my-plan-name')).toHaveText('Бесплатный', loading);
  await expect(page.getByTestId('plan-free').getByTestId('current-plan-badge')).toBeVisible();
  await expect(page.getByTestId('features-table')).toContainText('Поддержка 24/7');
  await page.getByTestId('subscribe-basic').click();
  const dialog = page.getByTestId('subscribe-dialog');
  // First name and email come prefilled; the confirm button needs both.
  await expect(dialog.getByTestId('subscribe-first-name')).toHaveValue('Подписчица');
  await expect(dialog.getByTestId('subscribe-email')).toHaveValue(member.email);
  await dialog.getByTestId('subscribe-email').fill('');
  await expect(dialog.getByTestId('subscribe-confirm')).toBeDisabled();
  await dialog.getByTestId('subscribe-email').fill(member.email);
  await dialog.getByTestId('subscribe-method').selectOption('transfer');
  await dialog.getByTestId('subscribe-confirm').click();
  await expect(page.getByText('Заявка на план «Базовый» отправлена', { exact: false })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('my-subscription-status')).toHaveText('Ожидает оплаты');
  await expect(page.getByTestId('my-plan-name')).toHaveText('Бесплатный', loading);

  // The admin activates the request (pending requests come first).
  const admin = await openAs(browser, ADMIN, '/admin/subscribers', viewport);
  const row = admin.page.getByTestId('subscribers-table').locator('tr', { hasText: member.email });
  await expect(row.getByTestId('subscriber-status')).toHaveText('Ожидает оплаты', loading);
  await row.getByTestId('subscriber-activate').click();
  await expect(row.getByTestId('subscriber-status')).toHaveText('Активна');
  if (viewport === 'desktop') await editEnterprisePlan(admin.page);
  await admin.context.close();

  await page.reload();
  await expect(page.getByTestId('my-subscription-status')).toHaveText('Активна', loading);
  await expect(page.getByTestId('my-plan-name')).toHaveText('Базовый');
  await expect(page.getByTestId('plan-basic').getByTestId('current-plan-badge')).toBeVisible();

  // The meeting area shows the plan, and a room of 60 (beyond the free 50) is created.
  await page.goto('/video-calls');
  await expect(page.getByTestId('meeting-plan')).toContainText('Базовый', loading);
  await showSidePanel(page);
  await page.getByTestId('tab-rooms').click();
  await page.getByTestId('create-room').click();
  const name = `Большая ${viewport} ${Date.now().toString(36)}`;
  await page.getByTestId('room-form-name').fill(name);
  await page.getByTestId('room-form-max').fill('60');
  await page.getByTestId('room-form-submit').click();
  await expect(page.getByTestId('room-form')).toHaveCount(0);
  await expect(roomRow(page, name)).toBeVisible();
  await context.close();
}

test('desktop: subscribe by transfer, pending, activated by an admin, a room beyond the free limit', async ({ browser }) => {
  test.setTimeout(240_000);
  await subscribeActivateAndUse(browser, 'desktop');
});

test('phone: subscribe by transfer, pending, activated by an admin, a room beyond the free limit', async ({ browser }) => {
  test.setTimeout(240_000);
  await subscribeActivateAndUse(browser, 'phone');
});

/**
 * Plan names and descriptions are admin data kept per language: an English reader sees the demo plans
 * in English on the plans page and in the meeting area's plan badge; the admin, in French, gives a plan
 * its French name in the editor (on a phone and on a desktop) and a French reader sees it.
 */
for (const viewport of ['phone', 'desktop'] as const) {
  test(`${viewport}: plans in the reader’s language; the admin edits a plan’s French name`, async ({ browser }) => {
    test.setTimeout(180_000);
    const loading = { timeout: 30_000 };
    const member = await registerMember(baseURL, { first_name: 'Reader', last_name: `English-${viewport}` });
    const english = await openAs(browser, member, '/subscription-plans', viewport, 'en');
    await expect(english.page.getByTestId('my-plan-name')).toHaveText('Free', loading);
    await expect(english.page.getByTestId('plan-basic')).toContainText('Basic');
    await expect(english.page.getByTestId('plan-basic')).toContainText('For small teams');
    await expect(english.page.getByTestId('plans-table')).not.toContainText('Базовый');
    await english.page.goto('/video-calls');
    await expect(english.page.getByTestId('meeting-plan')).toContainText('Free', loading);
    await english.context.close();

    // The professional plan's French name, set and put back (no other spec reads it in French).
    const renamed = `Professionnel ${viewport}`;
    const admin = await openAs(browser, ADMIN, '/admin/subscribers', viewport, 'fr');
    const row = admin.page.getByTestId('plan-row-professional');
    await expect(row).toContainText('Professionnel', loading);
    const setFrenchName = async (name: string) => {
      await row.getByTestId('plan-edit').click();
      const dialog = admin.page.getByTestId('plan-dialog');
      await expect(dialog.getByTestId('plan-name')).toHaveValue('Профессиональный');
      await expect(dialog.getByTestId('plan-name-en')).toHaveValue('Professional');
      await expectNoSideScroll(admin.page);
      await dialog.getByTestId('plan-name-fr').fill(name);
      await dialog.getByTestId('plan-save').click();
      await expect(dialog).toHaveCount(0);
    };
    await setFrenchName(renamed);
    await expect(row).toContainText(renamed);
    try {
      const french = await openAs(browser, member, '/subscription-plans', viewport, 'fr');
      await expect(french.page.getByTestId('plan-professional')).toContainText(renamed, loading);
      await expect(french.page.getByTestId('my-plan-name')).toHaveText('Gratuit');
      await french.context.close();
    } finally {
      await setFrenchName('Professionnel');
      await admin.context.close();
    }
  });
}

/**
 * The plans' names come from the server in the reader's language: switching languages in the footer
 * brings them in the new one on the open page, without navigating (before, they stayed in the old
 * language until the next navigation or reload); what is asked after the switch, over HTTP and over
 * the reconnected socket, names the new language.
 */
for (const viewport of ['desktop', 'phone'] as const) {
  test(`${viewport}: switching languages on the plans page brings the plans in the new language`, async ({ browser }) => {
    test.setTimeout(120_000);
    const loading = { timeout: 30_000 };
    const member = await registerMember(baseURL, { first_name: 'Polyglotte', last_name: `Switch-${viewport}` });
    const { page, context } = await openAs(browser, member, '/subscription-plans', viewport, 'ru');
    await expect(page.getByTestId('plan-basic')).toContainText('Базовый', loading);
    await expect(page.getByTestId('my-plan-name')).toHaveText('Бесплатный');
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    // The signed-in frame keeps a socket open (notifications, the viewer's changes): it reconnects
    // naming the new language. Every socket's opening message is kept: the one the page opens late on
    // a slow run (still in the old language) may come after the switch, so the first socket seen then
    // is not necessarily the reconnected one.
    const socketsOpened: string[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/graphql')) return;
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('"connection_init"')) socketsOpened.push(String(payload));
      });
    });
    const plansAskedIn = (language: string) =>
      page.waitForRequest(
        (request) =>
          request.url().endsWith('/graphql') &&
          request.method() === 'POST' &&
          request.postDataJSON()?.operationName === 'SubscriptionPlansPageQuery' &&
          request.headers()['accept-language'] === language,
        loading,
      );

    for (const [language, basic, free, description] of [
      ['en', 'Basic', 'Free', 'For small teams'],
      ['fr', 'Basique', 'Gratuit', 'Pour les petites équipes'],
    ] as const) {
      const asked = plansAskedIn(language);
      await page.getByTestId('language-select').selectOption(language);
      await asked;
      await expect(page.getByTestId('plan-basic')).toContainText(basic, loading);
      await expect(page.getByTestId('plan-basic')).toContainText(description);
      await expect(page.getByTestId('my-plan-name')).toHaveText(free);
      await expect(page.getByTestId('plans-table')).not.toContainText('Базовый');
      await expect.poll(() => socketsOpened.some((payload) => payload.includes(`"locale":"${language}"`)), loading).toBe(true);
    }
    expect(navigations).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/subscription-plans');
    await expectNoSideScroll(page);
    await context.close();
  });
}
