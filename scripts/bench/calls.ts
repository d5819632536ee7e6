import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { processTreeCpuSeconds, startProductServer } from './support';
import { callChromiumArgs, chromiumLaunchOptions } from '../../tests/e2e/playwright.config';
import { clickJoinInPage, createRoom, firstRemoteFramesAt, openMeeting, watchFirstRemoteFrames } from '../../tests/e2e/meeting';

/**
 * Group calls in real Chromium pages with fake camera and microphone, against the built product
 * (run `npm run build` first):
 *  - join-to-first-remote-frame: from the click on "join" to the first frame of every other person's
 *    video on the joiner's page (requestVideoFrameCallback), for the 2nd and the 3rd person of a room;
 *  - the CPU time a 3-person call costs over 30 s: the whole Chromium process tree (three tabs,
 *    encoding and decoding included, from /proc), and the renderers' main threads (CDP
 *    Performance.getMetrics TaskDuration).
 * Usage: node --import tsx scripts/bench/calls.ts [runs] [port]
 */
const runs = Number(process.argv[2] ?? 3);
const port = Number(process.argv[3] ?? 8152);
const CALL_SECONDS = 30;
const users = [
  { email: 'anna@linkup.ru', password: 'user123' },
  { email: 'dmitry@linkup.ru', password: 'user123' },
  { email: 'elena@linkup.ru', password: 'user123' },
];

async function joinToFirstFrames(page: Page, room: string, remotes: number): Promise<number> {
  await watchFirstRemoteFrames(page, remotes);
  const clickedAt = await clickJoinInPage(page, room);
  return (await firstRemoteFramesAt(page)).all - clickedAt;
}

/** User + system CPU seconds of this script's Chromium processes (the product server is a child too: not counted). */
const chromiumCpuSeconds = () => processTreeCpuSeconds(process.pid, (command) => /chrom/i.test(command));

/** Main-thread task time of each page's renderer (CDP), read twice around the measured window. */
async function rendererTaskMeter(pages: Page[]) {
  const sessions = await Promise.all(pages.map((page) => page.context().newCDPSession(page)));
  await Promise.all(sessions.map((session) => session.send('Performance.enable')));
  return async () => {
    let total = 0;
    for (const session of sessions) {
      const { metrics } = await session.send('Performance.getMetrics');
      total += metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    }
    return total;
  };
}

async function run(browser: Browser, url: string, index: number) {
  const people = [];
  for (const user of users) people.push(await openMeeting(browser, url, user));
  const room = `Замер ${index + 1} ${Date.now().toString(36)}`;
  await createRoom(url, people[0]!.token, room);
  try {
    await clickJoinInPage(people[0]!.page, room);
    await expect(people[0]!.page.getByTestId('meeting-stage')).toHaveAttribute('data-call-status', 'in_call');
    const second = await joinToFirstFrames(people[1]!.page, room, 1);
    const third = await joinToFirstFrames(people[2]!.page, room, 2);
    const sizes = (await people[2]!.page.evaluate(
      `[...document.querySelectorAll('[data-testid="remote-video"]')].map((v) => v.videoWidth + 'x' + v.videoHeight).join(', ')`,
    )) as string;

    const pages = people.map((person) => person.page);
    const rendererTasks = await rendererTaskMeter(pages);
    const [cpuBefore, tasksBefore] = [chromiumCpuSeconds(), await rendererTasks()];
    const wallStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, CALL_SECONDS * 1000));
    const wall = (performance.now() - wallStart) / 1000;
    const cpu = chromiumCpuSeconds() - cpuBefore;
    const tasks = (await rendererTasks()) - tasksBefore;
    return { second, third, cpu, tasks, wall, sizes };
  } finally {
    for (const person of people) await person.context.close();
  }
}

const server = await startProductServer(port);
const browser = await chromium.launch(chromiumLaunchOptions(callChromiumArgs));
try {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await run(browser, server.url, i);
    results.push(result);
    console.log(
      `run ${i + 1}: join → first remote frame: 2nd person ${result.second.toFixed(0)} ms, 3rd person ${result.third.toFixed(0)} ms (both remote videos); ` +
        `3-person call, ${result.wall.toFixed(1)} s: Chromium processes ${result.cpu.toFixed(1)} CPU s ` +
        `(${((result.cpu / result.wall) * 100).toFixed(0)}% of one core), renderer main threads ${result.tasks.toFixed(1)} s; ` +
        `remote videos ${result.sizes}`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `median of ${runs}: 2nd person ${median(results.map((r) => r.second)).toFixed(0)} ms, 3rd person ${median(results.map((r) => r.third)).toFixed(0)} ms; ` +
      `3-person call CPU ${median(results.map((r) => r.cpu)).toFixed(1)} s per ${CALL_SECONDS} s ` +
      `(renderer main threads ${median(results.map((r) => r.tasks)).toFixed(1)} s)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
