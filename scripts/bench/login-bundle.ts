import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startProductServer } from './support';

/**
 * The JavaScript a browser loads to show the login page, gzip-compressed, as Chromium fetched it
 * from the built product (run `npm run build` first). Budget: 250 KB.
 * Usage: node --import tsx scripts/bench/login-bundle.ts
 */
const BUDGET_KB = 250;
const server = await startProductServer(8410);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('tab').first().waitFor();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const script of scripts) console.log(`${kb(script.gzip).padStart(7)} KB gzip  ${kb(script.raw).padStart(7)} KB raw  ${script.url}`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`login page JavaScript: ${scripts.length} files, ${kb(total)} KB gzip (budget ${BUDGET_KB} KB)`);
  if (total > BUDGET_KB * 1024) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
