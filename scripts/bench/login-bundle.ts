import { chromium } from '@playwright/test';
import { benchResult, startProductServer } from './support';
import { LOGIN_JS_BUDGET_BYTES, measureLoginPageScripts } from './loginScripts';
import { chromiumArgs, chromiumLaunchOptions } from '../../tests/e2e/playwright.config';

/**
 * The JavaScript a browser loads to show the login page, gzip-compressed, as Chromium fetched it
 * from the built product (run `npm run build` first).
 * Usage: node --import tsx scripts/bench/login-bundle.ts [--port=8410]
 */
const port = Number(process.argv.find((a) => a.startsWith('--port='))?.slice('--port='.length) ?? 8410);
const server = await startProductServer(port);
const browser = await chromium.launch(chromiumLaunchOptions(chromiumArgs));
try {
  const scripts = await measureLoginPageScripts(await browser.newPage(), server.url);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const s of scripts) console.log(`${kb(s.gzip).padStart(7)} KB gzip  ${kb(s.raw).padStart(7)} KB raw  ${s.path}`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`login page JavaScript: ${scripts.length} files, ${kb(total)} KB gzip (budget ${kb(LOGIN_JS_BUDGET_BYTES)} KB)`);
  if (total > LOGIN_JS_BUDGET_BYTES) process.exitCode = 1;
  benchResult({ files: scripts.length, gzipKb: total / 1024, budgetKb: LOGIN_JS_BUDGET_BYTES / 1024 });
} finally {
  await browser.close();
  await server.stop();
}
