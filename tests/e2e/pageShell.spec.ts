import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerMember } from '../support/members';
import { logInToDashboard, VIEWPORTS } from './support';

/**
 * The sign-in pages paint their frame from the HTML alone (index.html's #page-shell), before any
 * script runs; the page that renders under it must have the same frame where the shell drew it, so
 * the shell's going is not seen. This test is what keeps the two in step (AuthLayout and index.html).
 */
type Box = { x: number; y: number; width: number; height: number };
const rounded = (box: Box | null) => box && [box.x, box.y, box.width, box.height].map(Math.round);

async function shellAndPage(browser: Browser, baseURL: string, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const context = await browser.newContext({ baseURL, ...viewport });
  const withoutScripts = await context.newPage();
  await withoutScripts.route('**/assets/*.js', (route) => route.abort());
  await withoutScripts.goto('/login');
  const shell = withoutScripts.locator('#page-shell');
  await expect(shell).toBeVisible();
  const painted = {
    name: rounded(await shell.locator('.shell-name').boundingBox()),
    card: rounded(await shell.locator('.shell-card').boundingBox()),
    footer: rounded(await shell.locator('.shell-footer').boundingBox()),
  };

  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByTestId('tab-login')).toBeVisible();
  await expect(page.locator('#page-shell')).toHaveCount(0);
  const heading = page.getByRole('heading', { level: 1, name: 'LinkUp' });
  const rendered = {
    name: rounded(await heading.boundingBox()),
    card: rounded(await heading.locator('xpath=../following-sibling::*[1]').boundingBox()),
    footer: rounded(await page.locator('footer').boundingBox()),
  };
  return { painted, rendered, context };
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the login page's first paint has the rendered page's frame, and goes once the page is there (${name})`, async ({
    browser,
    baseURL,
  }) => {
    const { painted, rendered, context } = await shellAndPage(browser, baseURL!, viewport);
    // In Russian (the default language) the brand, the card and the footer are where the shell drew them.
    expect(rendered).toEqual(painted);
    await context.close();
  });
}

test('a signed-in member who opens /login lands on the dashboard with no first paint left over it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, ...VIEWPORTS.desktop });
  const page: Page = await context.newPage();
  // A member of its own: a demo member's sign-in would toast "signed in elsewhere" on other specs' pages.
  const member = await registerMember(baseURL!);
  await logInToDashboard(page, member.email, member.password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-banner')).toBeVisible();
  await expect(page.locator('#page-shell')).toHaveCount(0);
  await context.close();
});

test('a signed-in page renders on every one of ten loads in a row', async ({ browser, baseURL }) => {
  // A page whose loaders end before the router's provider subscribes stayed blank when something else
  // had subscribed first (ShellOffSignIn in client/src/app/router.tsx): about one load in six did.
  // Ten loads take 10 to 30 s, as the suite's load allows.
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, ...VIEWPORTS.desktop });
  const page = await context.newPage();
  const member = await registerMember(baseURL!);
  await logInToDashboard(page, member.email, member.password);
  for (let load = 1; load <= 10; load++) {
    await page.goto(`/profile/${member.username}`);
    await expect(page.getByTestId('profile-page'), `load ${load}`).toBeVisible();
  }
  await context.close();
});
