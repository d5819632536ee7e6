import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { whenDataShows } from './pageTiming';
import { startProductServer } from './support';
import { callChromiumArgs, chromiumLaunchOptions, noTourStorage } from '../../tests/e2e/playwright.config';
import { createRoom, enterRoomCall, openActivities, openMeeting, showSidePanel } from '../../tests/e2e/meeting';
import { ADMIN, professional } from '../../tests/e2e/roomFilesSupport';
import { VIEWPORTS } from '../../tests/e2e/support';
import { signIn } from '../../tests/support/members';
import { multiPagePdf } from '../../tests/support/pdf';

/**
 * The presentation's page latency in real Chromium pages, against the built product (run
 * `npm run build` first): from the presenter's click on "next" or "previous" to the viewer's page
 * number showing the new page. Both pages run on this machine, so their clocks are one clock.
 * Usage: node --import tsx scripts/bench/presentation.ts [changes=30] [port=8154]
 */
const changes = Number(process.argv[2] ?? 30);
const port = Number(process.argv[3] ?? 8154);
const TIMEOUT_MS = 10_000;
const PAGES = 5;
const users = [
  { email: 'anna@linkup.ru', password: 'user123' },
  { email: 'dmitry@linkup.ru', password: 'user123' },
];

/** The epoch time at which the viewer's page number first shows `shown`. */
const whenViewerShows = (page: Page, shown: number) =>
  whenDataShows(page, {
    testId: 'presentation-page',
    key: 'page',
    condition: `value === '${shown}'`,
    what: `page ${shown}`,
    timeoutMs: TIMEOUT_MS,
  });

/** Clicks the presenter's button and answers the epoch time of the click. */
async function clickAt(page: Page, testId: string): Promise<number> {
  return page.evaluate(`(() => {
    const button = document.querySelector('[data-testid="${testId}"]');
    const at = performance.timeOrigin + performance.now();
    button.click();
    return at;
  })()`) as Promise<number>;
}

const server = await startProductServer(port);
const browser = await chromium.launch(chromiumLaunchOptions(callChromiumArgs));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-pdf-'));
try {
  // The onboarding tour switched off with the product's own per-browser flag, as in the e2e suite.
  const noTour = {
    ...VIEWPORTS.desktop,
    storageState: noTourStorage(server.url),
  };
  const presenter = await openMeeting(browser, server.url, users[0]!, '/video-calls', noTour);
  const viewer = await openMeeting(browser, server.url, users[1]!, '/video-calls', noTour);
  // Room files need a plan with storage.
  const adminToken = (await signIn(server.url, ADMIN.email, ADMIN.password)).token;
  await professional(users[0]!, presenter.token, adminToken, server.url);
  const room = `Слайды ${Date.now().toString(36)}`;
  await createRoom(server.url, presenter.token, room);
  for (const { page } of [presenter, viewer]) await enterRoomCall(page, room);

  const file = path.join(folder, 'bench.pdf');
  fs.writeFileSync(file, multiPagePdf(PAGES));
  await showSidePanel(presenter.page);
  await presenter.page.getByTestId('tab-files').click();
  await presenter.page.getByTestId('room-file-input').setInputFiles(file);
  await expect(presenter.page.getByTestId('room-file').first()).toBeVisible({ timeout: 20_000 });
  await openActivities(presenter.page);
  await presenter.page.getByTestId('activity-launch-presentation').click();
  await presenter.page.getByTestId('presentation-launch').click();
  for (const { page } of [presenter, viewer]) {
    await openActivities(page);
    await page.getByTestId('presentation-open').click();
    await expect(page.getByTestId('presentation-page')).toHaveAttribute('data-page', '1');
  }

  const latencies: number[] = [];
  let current = 1;
  let step = 1;
  for (let i = 0; i < changes; i++) {
    if (current + step < 1 || current + step > PAGES) step = -step;
    current += step;
    const shown = whenViewerShows(viewer.page, current);
    shown.catch(() => {}); // awaited below; a rejection must not end the process before the finally
    const clicked = await clickAt(presenter.page, step > 0 ? 'presentation-next' : 'presentation-previous');
    latencies.push((await shown) - clicked);
    if (process.env.BENCH_VERBOSE) console.log(`change ${i + 1}: ${latencies.at(-1)!.toFixed(1)} ms`);
    // The presenter's buttons are enabled again once their own change is answered.
    await expect(presenter.page.getByTestId('presentation-page')).toHaveAttribute('data-page', String(current));
    await expect(presenter.page.getByTestId(step > 0 ? 'presentation-previous' : 'presentation-next')).toBeEnabled();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  console.log(
    `presenter's page change → viewer's page number, ${changes} changes: median ${at(50).toFixed(1)} ms, ` +
      `p90 ${at(90).toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  for (const { context } of [presenter, viewer]) await context.close();
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}
