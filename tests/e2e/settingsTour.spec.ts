import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { registerMember, signIn } from '../support/members';
import { logInToDashboard, unique, VIEWPORTS } from './support';

// The demo administrator of the seeded database (prisma/seed.ts).
const ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };

/** A browser without the suite's "tour off" flag (playwright.config.ts), as a member's first visit has it. */
const FRESH_BROWSER = { storageState: { cookies: [], origins: [] } };

/** A new member made administrator by the demo admin (through the API), who has never seen the tour. */
async function newAdmin(baseURL: string) {
  const member = await registerMember(baseURL, { password: 'secret123' });
  const { token } = await signIn(baseURL, ADMIN.email, ADMIN.password);
  const promoted = await fetch(`${baseURL}/users/${member.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ role: 'admin' }),
  });
  expect(promoted.status).toBe(200);
  return member;
}

async function freshPage(browser: Browser, baseURL: string, options: BrowserContextOptions) {
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', ...FRESH_BROWSER, ...options });
  return { context, page: await context.newPage() };
}

const popover = (page: Page) => page.getByTestId('tour-popover');

async function expectStep(page: Page, id: string, number: number) {
  await expect(popover(page)).toHaveAttribute('data-step', id);
  await expect(popover(page).locator('.driver-popover-progress-text')).toHaveText(`Шаг ${number} из 10`);
}

/**
 * The step highlights this element alone (driver.js marks it). Counted, not read: while a step
 * moves on, the old element keeps the mark for a moment beside the new one.
 */
async function expectHighlighted(page: Page, testId: string) {
  await expect(page.locator(`.driver-active-element[data-testid="${testId}"]`)).toHaveCount(1);
  await expect(page.locator('.driver-active-element')).toHaveCount(1);
}

const STEPS = [
  'welcome',
  'social',
  'video-calls',
  'plans',
  'admin',
  'meeting-panel',
  'calendar',
  'activities',
  'call-container',
  'done',
];

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`an admin's first visit runs the tour through its 10 steps, back and forth, and it stays done (${name})`, async ({
    browser,
    baseURL,
  }) => {
    // Ten steps with their animations, two sign-ins: slow on a loaded machine.
    test.setTimeout(120_000);
    const admin = await newAdmin(baseURL!);
    const { context, page } = await freshPage(browser, baseURL!, options);
    try {
      await logInToDashboard(page, admin.email, admin.password);
      // It starts once the signed-in extras, the tour's query and driver.js have loaded.
      await expect(popover(page)).toHaveAttribute('data-step', 'welcome', { timeout: 30_000 });
      await expectStep(page, 'welcome', 1);
      await expect(popover(page).getByTestId('tour-skip')).toBeVisible();

      await page.getByTestId('tour-next').click();
      await expectStep(page, 'social', 2);
      // On a phone the links are in the menu: the step points at its button.
      await expectHighlighted(page, name === 'phone' ? 'mobile-menu-toggle' : 'nav-social');
      await page.getByTestId('tour-back').click();
      await expectStep(page, 'welcome', 1);

      for (let index = 1; index < STEPS.length; index += 1) {
        await page.getByTestId('tour-next').click();
        await expectStep(page, STEPS[index]!, index + 1);
        if (STEPS[index] === 'admin' && name === 'desktop') await expectHighlighted(page, 'nav-admin');
        if (STEPS[index] === 'meeting-panel') await expect(page).toHaveURL(/\/video-calls$/);
        // The tab opens by itself after a second (the spec's autoclick), where the tabs are on screen.
        if (STEPS[index] === 'calendar' && name === 'desktop') {
          await expect(page.getByTestId('tab-calendar')).toHaveAttribute('aria-selected', 'true');
        }
        if (STEPS[index] === 'call-container') await expectHighlighted(page, 'call-container');
      }
      await expect(page.getByTestId('tour-skip')).toHaveCount(0);
      await page.getByTestId('tour-next').click();
      await expect(popover(page)).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('linkup_tour_completed'))).toBe('true');

      // Kept on the account, so no other browser of this member starts it again (tests/server/systemSettings.test.ts).
      const { token } = await signIn(baseURL!, admin.email, admin.password);
      const viewer = await fetch(`${baseURL}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ viewer { tourCompleted } }' }),
      });
      expect((await viewer.json()).data.viewer.tourCompleted).toBe(true);
    } finally {
      await context.close();
    }
  });
}

test('a site name saved in the settings tab shows in the header', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const name = `Acme ${unique()}`;
  await logInToDashboard(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/settings');
  await expect(page.getByTestId('settings-tab')).toBeVisible({ timeout: 60_000 });
  try {
    await page.getByTestId('setting-input-site_name').fill(name);
    await page.getByTestId('setting-input-max_upload_size_mb').fill('0');
    await page.getByTestId('settings-save').click();
    // Nothing is saved while one value is refused.
    await expect(page.getByTestId('settings-notice')).toHaveText('max_upload_size_mb: введите целое число от 1 до 100');
    await expect(page.getByTestId('header-brand-label')).toHaveText('LinkUp');
    await page.getByTestId('setting-input-max_upload_size_mb').fill('10');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-notice')).toHaveText('Настройки успешно сохранены!');
    await expect(page.getByTestId('header-brand-label')).toHaveText(name);
  } finally {
    const { token } = await signIn(baseURL!, ADMIN.email, ADMIN.password);
    await fetch(`${baseURL}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ settings: [{ key: 'site_name', value: 'LinkUp' }] }),
    });
  }
});
