import { chromium, expect, type Page } from '@playwright/test';
import { whenDataShows } from './pageTiming';
import { startProductServer } from './support';
import { callChromiumArgs, chromiumLaunchOptions, noTourStorage } from '../../tests/e2e/playwright.config';
import { createRoom, enterRoomCall, openActivities, openMeeting } from '../../tests/e2e/meeting';
import { VIEWPORTS } from '../../tests/e2e/support';

/**
 * The drawing board's stroke latency in real Chromium pages, against the built product (run
 * `npm run build` first): from the pen lifting in one browser (the stroke is sent then) to the
 * other browser's board painting it (its `data-strokes` count, set when the canvas is repainted).
 * Both pages run on this machine, so their clocks (performance.timeOrigin + now) are one clock.
 * Usage: node --import tsx scripts/bench/drawing.ts [strokes=50] [port=8153]
 */
const strokes = Number(process.argv[2] ?? 50);
const port = Number(process.argv[3] ?? 8153);
const TIMEOUT_MS = 10_000;
const users = [
  { email: 'anna@linkup.ru', password: 'user123' },
  { email: 'dmitry@linkup.ru', password: 'user123' },
];

async function openBoard(page: Page) {
  await openActivities(page);
  await page.getByTestId('drawing-open').click();
  await expect(page.getByTestId('drawing-board')).toBeVisible();
}

/** The epoch time at which the board first shows `count` strokes. */
const whenBoardShows = (page: Page, count: number) =>
  whenDataShows(page, {
    testId: 'drawing-board',
    key: 'strokes',
    condition: `Number(value) >= ${count}`,
    what: `stroke ${count}`,
    timeoutMs: TIMEOUT_MS,
  });

/** Draws a stroke and answers the epoch time of the pen lifting (the moment the stroke is sent). */
async function drawStroke(page: Page, index: number): Promise<number> {
  const box = (await page.getByTestId('drawing-board').boundingBox())!;
  const x = box.x + box.width * (0.1 + (0.8 * ((index * 37) % 100)) / 100);
  const y = box.y + box.height * (0.1 + (0.8 * ((index * 61) % 100)) / 100);
  await page.evaluate(`window.__liftedAt = new Promise((resolve) =>
    document.querySelector('[data-testid="drawing-board"]').addEventListener('pointerup',
      () => resolve(performance.timeOrigin + performance.now()), { once: true, capture: true })), 0`);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + box.width * 0.08, y + box.height * 0.05, { steps: 8 });
  await page.mouse.up();
  return page.evaluate('window.__liftedAt') as Promise<number>;
}

const server = await startProductServer(port);
const browser = await chromium.launch(chromiumLaunchOptions(callChromiumArgs));
try {
  // The onboarding tour switched off with the product's own per-browser flag, as in the e2e suite.
  const noTour = {
    ...VIEWPORTS.desktop,
    storageState: noTourStorage(server.url),
  };
  const artist = await openMeeting(browser, server.url, users[0]!, '/video-calls', noTour);
  const viewer = await openMeeting(browser, server.url, users[1]!, '/video-calls', noTour);
  const room = `Доска ${Date.now().toString(36)}`;
  await createRoom(server.url, artist.token, room);
  for (const { page } of [artist, viewer]) await enterRoomCall(page, room);
  await openActivities(artist.page);
  await artist.page.getByTestId('activity-launch-drawing').click();
  await openActivities(viewer.page);
  await viewer.page.getByTestId('activity-join').click();
  for (const { page } of [artist, viewer]) await openBoard(page);

  const latencies: number[] = [];
  for (let i = 1; i <= strokes; i++) {
    const shown = whenBoardShows(viewer.page, i);
    shown.catch(() => {}); // awaited below; a rejection must not end the process before the finally
    const lifted = await drawStroke(artist.page, i);
    latencies.push((await shown) - lifted);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  console.log(
    `stroke in one browser → painted in the other, ${strokes} strokes: median ${at(50).toFixed(1)} ms, ` +
      `p90 ${at(90).toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  for (const { context } of [artist, viewer]) await context.close();
} finally {
  await browser.close();
  await server.stop();
}
