import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the built product: the real server (e2eServer.ts) on a fresh database
 * with the demo data, the built client, Debian's Chromium.
 */
const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 8123);
export const baseURL = `http://localhost:${port}`;
/** The fake geocoder and tile server (tests/support/fakeGeocoder.ts) the server under test is pointed at. */
const geocoderPort = Number(process.env.E2E_GEOCODER_PORT ?? port + 10_000);
export const fakeGeocoderURL = `http://127.0.0.1:${geocoderPort}`;
// Shared with the tests through the environment (they read mailed links from its outbox).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-e2e-'));

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Calls: fake camera and microphone (granted without asking), peers connecting over loopback. */
export const callChromiumArgs = [
  ...chromiumArgs,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

/** callChromiumArgs with the fake camera at `fps` frames a second: many call browsers on two cores (tests/sfu, the SFU bench). */
export const callChromiumArgsAt = (fps: number) =>
  callChromiumArgs.map((arg) => (arg === '--use-fake-device-for-media-stream' ? `${arg}=fps=${fps}` : arg));

/** Specs that audit the whole product (tests/e2e/accessibility.spec.ts, lighthouse.spec.ts): see their projects. */
const AUDITS = ['**/accessibility.spec.ts', '**/lighthouse.spec.ts'];

/** Debian's Chromium (or CHROMIUM_PATH) started with `args`: Playwright's own browser download is not used. */
export const chromiumLaunchOptions = (args: string[]) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args,
});

/** A context's storage with the onboarding tour switched off on `url` (see suiteBrowsers). */
export const noTourStorage = (url: string) => ({
  cookies: [],
  origins: [{ origin: url, localStorage: [{ name: 'linkup_tour_disabled', value: 'true' }] }],
});

/** The browsers of a suite against the server at `url`, started with `args` (tests/sfu uses it too). */
export function suiteBrowsers(url: string, args: string[]) {
  return {
    baseURL: url,
    locale: 'ru-RU',
    // Every browser of the suite has the onboarding tour switched off with the product's own
    // per-browser flag (the admin interface card's "site tour" toggle), so the tour's overlay never
    // covers what a spec clicks; settingsTour.spec.ts starts its browsers without it. Contexts made
    // with browser.newContext() inherit it too.
    storageState: noTourStorage(url),
    launchOptions: chromiumLaunchOptions(args),
    // No trace by default: its screencast costs the browser and its compositor about as much CPU
    // as the test itself (measured on support.spec.ts: 14 + 14 s of CPU against 5 s without), which
    // on two cores turns into timeouts. Locally: `npx playwright test --trace retain-on-failure`.
    trace: 'off' as const,
  };
}

/**
 * The product under test (e2eServer.ts) on `serverPort`, with `env` on top of what every suite sets
 * (tests/sfu uses it too); `priority` (a nice value, below 0 needs root) puts it ahead of the
 * suite's browsers on a machine they share (tests/sfu).
 */
export function productServer(serverPort: number, env: Record<string, string>, { priority }: { priority?: number } = {}) {
  const url = `http://localhost:${serverPort}`;
  return {
    command: `${priority === undefined ? '' : `nice -n ${priority} `}node --import tsx tests/e2e/e2eServer.ts`,
    cwd: root,
    url: `${url}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Time to drop its PostgreSQL database after the run.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(serverPort),
      PUBLIC_URL: url,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      // Every spec registers its own members from this one address: the per-address sign-up limit is for strangers.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '10000',
      // e2eServer.ts: a PostgreSQL database of its own with DATABASE_URL_TEST, else in-memory PGlite.
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // One retry: a test that fails and then passes is reported as flaky (its first failure printed),
  // so CI's two loaded cores do not throw away a run for one timing slip, and the slip is still seen.
  // A test that fails twice fails the run.
  retries: 1,
  reporter: [['list']],
  use: suiteBrowsers(baseURL, chromiumArgs),
  projects: [
    { name: 'chromium', testIgnore: ['**/calls*.spec.ts', ...AUDITS] },
    // One call at a time: two calls of three fake-camera browsers each starve two cores of frames.
    // Its tests are queued after `chromium`'s, so they run at the end with little beside them. Queued
    // first (tried in November 2026), they ran beside `chromium`'s and the suite took 1369 s against
    // 1301 s: a call keeps both cores busy by itself, so the other worker was never really idle.
    {
      name: 'calls',
      testMatch: '**/calls*.spec.ts',
      workers: 1,
      use: { launchOptions: chromiumLaunchOptions(callChromiumArgs) },
    },
    // The audits run after the rest (alone: `--no-deps`), on a server no other spec is changing: others switch the site's
    // theme, the meeting area and the start page for a few seconds, which axe would catch half-way.
    { name: 'accessibility', testMatch: '**/accessibility.spec.ts', dependencies: ['chromium', 'calls'] },
    // Last and alone: Lighthouse's score depends on the CPU the page gets.
    { name: 'lighthouse', testMatch: '**/lighthouse.spec.ts', dependencies: ['accessibility'], workers: 1 },
  ],
  webServer: [
    {
      command: `node --import tsx tests/e2e/fakeGeocoderServer.ts ${geocoderPort}`,
      cwd: root,
      url: `${fakeGeocoderURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    productServer(port, {
      LOG_LEVEL: 'warn',
      // Calls here stay within the mesh size: the SFU suite (tests/sfu) runs Janus.
      JANUS_SPAWN: 'false',
      // Address search, reverse geocoding and map tiles from the local fake, never the internet.
      GEOCODER_URL: fakeGeocoderURL,
      MAP_TILE_URL: `${fakeGeocoderURL}/tiles/{z}/{x}/{y}.png`,
    }),
  ],
});
