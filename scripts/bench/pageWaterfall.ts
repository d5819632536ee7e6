import { chromium } from '@playwright/test';
import { DEMO_MEMBER, signIn } from '../../tests/support/members';
import { chromiumArgs, chromiumLaunchOptions } from '../../tests/e2e/playwright.config';
import { printProfile, type CpuProfile } from './cpuProfile';
import { startProductServer } from './support';
import { option } from './flags';

/**
 * What a page waits for, to see why its Lighthouse LCP is what it is (lighthouse.ts gives the score,
 * not the cause): the built product with the demo data, one page opened at phone size in Debian's
 * Chromium after a first visit of the origin (the demo member's session stored as the client stores
 * it), then every request in the order it started (start and duration in ms from the navigation),
 * the count of script files, FCP and each LCP candidate with its element. With --profile=N, where
 * the main thread's time went until then: a CPU profile of the load, its self time summed per script
 * file and the N functions that took the most. With --dom, when each element with a test id first
 * appeared (React's commits: a gap between a page's data and its elements shows there).
 * Usage: node --import tsx scripts/bench/pageWaterfall.ts [--path=/dashboard] [--visitor] [--cpu=4]
 *   [--profile=30] [--dom] [--port=8425]   (--visitor: without a session; --cpu: Chromium's CPU
 *   slowdown, as Lighthouse's 4)
 */
const pagePath = option('path') ?? '/dashboard';
const visitor = process.argv.includes('--visitor');
const cpuSlowdown = Number(option('cpu') ?? 1);
const profileTop = Number(option('profile') ?? 0);
const domTimeline = process.argv.includes('--dom');

const server = await startProductServer(Number(option('port') ?? 8425));
const browser = await chromium.launch(chromiumLaunchOptions(chromiumArgs));
try {
  const token = visitor ? null : (await signIn(server.url, DEMO_MEMBER.email, DEMO_MEMBER.password)).token;
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}/health`);
  await page.evaluate((value) => {
    localStorage.setItem('linkup_tour_disabled', 'true');
    if (value) localStorage.setItem('token', value);
  }, token);
  if (domTimeline) {
    await page.addInitScript(() => {
      const seen = new Set<string>();
      const appeared: { at: number; testId: string }[] = [];
      Object.assign(window, { appearedTestIds: appeared });
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-testid]')) {
          const testId = element.getAttribute('data-testid')!;
          if (seen.has(testId)) continue;
          seen.add(testId);
          appeared.push({ at: Math.round(performance.now()), testId });
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const cdp = await page.context().newCDPSession(page);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  if (profileTop > 0) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }

  const requests: { start: number; duration: number; line: string }[] = [];
  page.on('requestfinished', (request) => {
    const timing = request.timing();
    const body = request.postData()?.match(/"query":"(\w+ \w+)/)?.[1] ?? '';
    requests.push({
      start: timing.startTime,
      duration: timing.responseEnd,
      line: `${request.method()} ${request.url().replace(server.url, '')} ${body}`,
    });
  });
  await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const paints = (await page.evaluate(
    () =>
      new Promise((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        new PerformanceObserver((list) => {
          const lcp = list.getEntries().map((entry) => {
            const { startTime, size, element } = entry as PerformanceEntry & { size: number; element: Element | null };
            return { at: Math.round(startTime), size, element: element?.outerHTML.slice(0, 120) ?? '(removed)' };
          });
          resolve({ fcp, lcp });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  )) as { fcp: number | null; lcp: { at: number; size: number; element: string }[] };
  const profile = profileTop > 0 ? ((await cdp.send('Profiler.stop')).profile as CpuProfile) : null;

  const navigationStart = Math.min(...requests.map((r) => r.start));
  for (const r of requests.sort((a, b) => a.start - b.start)) {
    console.log(
      `${String(Math.round(r.start - navigationStart)).padStart(6)} +${String(Math.round(r.duration)).padStart(5)}  ${r.line}`,
    );
  }
  const scripts = requests.filter((r) => r.line.startsWith('GET /assets/') && r.line.includes('.js')).length;
  console.log(`\n${pagePath}: ${requests.length} requests, ${scripts} script files; FCP ${Math.round(paints.fcp ?? NaN)} ms`);
  for (const candidate of paints.lcp)
    console.log(`LCP candidate at ${candidate.at} ms, ${candidate.size} px²: ${candidate.element}`);
  if (domTimeline) {
    const appeared = (await page.evaluate(() => (window as unknown as { appearedTestIds: unknown }).appearedTestIds)) as {
      at: number;
      testId: string;
    }[];
    console.log('\nElements by the time their test id first appeared:');
    for (const { at, testId } of appeared) console.log(`${String(at).padStart(6)}  ${testId}`);
  }
  if (profile) printProfile(profile, { prefix: server.url, top: profileTop });
} finally {
  await browser.close();
  await server.stop();
}
