import { expect, type BrowserContextOptions, type Page } from '@playwright/test';

/** The desktop and the phone (touch) every page is tested at. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

/** Nothing on the page is wider than the screen. */
export async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs in through the login form (the caller waits for where it expects to land). */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in through the login form and waits for the dashboard's content, not only its address: until
 * it renders, the footer sits just below a short loading state, and on a phone the content then
 * pushes it a screen down, so a click aimed at it (or at anything below the header) would land on
 * whatever moved in.
 */
export async function logInToDashboard(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-banner')).toBeVisible({ timeout: 30_000 });
}
