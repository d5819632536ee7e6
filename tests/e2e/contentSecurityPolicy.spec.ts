import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support';

/**
 * The built client and GraphiQL work under the server's Content-Security-Policy: every page renders
 * and the browser reports no violation (a blocked script, style, image or connection).
 */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      ),
    );
  });
  return violations;
}

test('the app renders under its Content-Security-Policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
  await logIn(page, 'anna@linkup.ru', 'user123');
  await expect(page).not.toHaveURL(/\/login/);
  for (const path of ['/dashboard', '/social', '/content', '/profile/anna', '/profile-settings', '/video-calls']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('GraphiQL renders from our own bundle under its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', ''].includes(url.hostname) && !['blob:', 'data:'].includes(url.protocol)) outside.push(request.url());
  });
  // GraphiQL has loaded what it needs once it has the schema (its introspection query).
  const introspected = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && response.request().method() === 'POST',
  );
  await page.goto('/graphql');
  await expect(page.locator('.graphiql-container').first()).toBeVisible({ timeout: 30_000 });
  // The editor is up once its language workers (started from blob: URLs) answered.
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await introspected;
  expect(outside).toEqual([]);
  expect(violations).toEqual([]);
});
