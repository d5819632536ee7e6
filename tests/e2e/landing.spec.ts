import { expect, test, type Page } from '@playwright/test';
import { createAdmin } from '../support/members';
import { baseURL } from './playwright.config';
import { logInToDashboard, unique } from './support';

// One landing page and one start-page switch for the whole server: desktop and phone take turns.
test.describe.configure({ mode: 'serial' });

async function setStartPage(page: Page, enabled: boolean) {
  const toggle = page.getByTestId('start-page-switch');
  const wanted = enabled ? 'checked' : 'unchecked';
  if ((await toggle.getAttribute('data-state')) !== wanted) await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', wanted);
}

async function adminEditsAndVisitorSees(
  page: Page,
  browser: import('@playwright/test').Browser,
  viewport?: { width: number; height: number },
) {
  test.setTimeout(120_000);
  const title = `LinkUp ${unique()}`;
  // An admin of its own: the demo admin's sign-ins from parallel specs would toast over the editor.
  const admin = await createAdmin(baseURL);
  await logInToDashboard(page, admin.email, admin.password);
  await page.goto('/admin/landing');
  // The tab's code and query load on opening: slow on a loaded machine.
  await expect(page.getByTestId('landing-editor')).toBeVisible({ timeout: 60_000 });

  await page.getByTestId('landing-title-input').fill(title);
  // The preview follows the form as it is typed.
  await expect(page.getByTestId('landing-preview').getByTestId('landing-title')).toHaveText(title);
  await page.getByTestId('landing-cta-link-input').fill('/register');
  await page.getByTestId('landing-save').click();
  await expect(page.getByText('Стартовая страница сохранена!')).toBeVisible();
  await setStartPage(page, true);

  const visitor = await browser.newContext({ locale: 'ru-RU', viewport });
  try {
    const stranger = await visitor.newPage();
    await stranger.goto('/');
    await expect(stranger).toHaveURL(/\/$/);
    await expect(stranger.getByTestId('landing-page').getByTestId('landing-title')).toHaveText(title, { timeout: 30_000 });
    await stranger.getByTestId('landing-cta').click();
    await expect(stranger).toHaveURL(/\/register$/);
    await expect(stranger.getByTestId('tab-register')).toHaveAttribute('aria-selected', 'true');
  } finally {
    await visitor.close();
    // Back to the default (on), as the other specs expect it.
    await setStartPage(page, true);
  }
}

test('an admin edits the landing title and enables the start page; a signed-out visitor at / sees it and the button leads to /register', async ({
  page,
  browser,
}) => {
  await adminEditsAndVisitorSees(page, browser);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the landing editor and the start page work at 390x844', async ({ page, browser }) => {
    await adminEditsAndVisitorSees(page, browser, { width: 390, height: 844 });
  });
});
