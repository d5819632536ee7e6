import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * The regression guard of the login page's JavaScript: issue 20's goal, 200 KB. The page opens
 * without Relay's runtime (about 57 KB: see CONTRIBUTING.md, "Client"), at 192 KB (November 2026).
 */
export const LOGIN_JS_BUDGET_BYTES = 200 * 1024;

export type LoadedScript = { path: string; raw: number; gzip: number };

/** Every script the browser loads to show /login, with its size and gzip size, biggest first. */
export async function measureLoginPageScripts(page: Page, baseUrl: string): Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length })),
    );
  });
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('tab').first().waitFor();
  return (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
}
