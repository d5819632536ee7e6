import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the built product: the real server (main.ts) on a fresh embedded
 * database with the demo data, the built client, Debian's Chromium.
 */
const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 8123);
export const baseURL = `http://localhost:${port}`;
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

const browser = (args: string[]) => ({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ru-RU',
    launchOptions: browser(chromiumArgs),
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: '**/calls.spec.ts' },
    { name: 'calls', testMatch: '**/calls.spec.ts', use: { launchOptions: browser(callChromiumArgs) } },
  ],
  webServer: {
    command: `node --import tsx server/src/main.ts`,
    cwd: root,
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
