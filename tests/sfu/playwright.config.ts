import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { callChromiumArgsAt, productServer, suiteBrowsers } from '../e2e/playwright.config';
import { JANUS_ADDRESS, JANUS_INTERFACE } from './netns';

/**
 * Calls through the SFU: the product's server with Janus from Debian (the server spawns it), and
 * Chromium participants with fake media, all inside the `linkup-sfu` network namespace (netns.ts):
 * run as `ip netns exec linkup-sfu npx playwright test -c tests/sfu/playwright.config.ts`
 * (`node --import tsx tests/sfu/run.ts` does both).
 */
const port = Number(process.env.SFU_E2E_PORT ?? 8124);
export const baseURL = `http://localhost:${port}`;
/** The TURN relay the spec starts (coturn on the namespace's veth address) and the secret both share. */
export const TURN_PORT = port + 200;
export const TURN_SECRET = 'sfu-e2e-turn-secret';
/**
 * The people of sfu.spec.ts's call and its mesh size: five with a mesh of three by default (the
 * fourth switches the room to the SFU). The product's own size, eight with a mesh of six
 * (`SFU_PARTICIPANTS=8 MESH_MAX_PARTICIPANTS=6`), needs more than two slow cores: on this machine
 * kind eight browsers took both cores whole (load average 28), requests waited past 15 s and most
 * subscriptions never connected, with the code of every stop since the last one that landed
 * (measured in November 2026).
 */
export const SFU_PARTICIPANTS = Number(process.env.SFU_PARTICIPANTS ?? 5);
export const MESH_MAX = Number(process.env.MESH_MAX_PARTICIPANTS ?? 3);
/**
 * A second server, where two people make a mesh and two may send video through the SFU: the
 * video seats (seats.spec.ts) with four browsers (the first server's nine seats would take ten).
 */
const seatsPort = port + 2;
export const seatsURL = `http://localhost:${seatsPort}`;
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-sfu-'));

/**
 * The DATABASE_URL_TEST server through its Unix socket, or '' (the embedded database, in memory):
 * its TCP port is outside the namespace, its socket is not (a namespace has a network of its own,
 * not files). On embedded PGlite the database's work runs on the server's one thread, beside its
 * relay of every browser's Janus messages; CI's e2e suite is on PostgreSQL for the same reason.
 */
function databaseThroughSocket(): string {
  const server = process.env.DATABASE_URL_TEST;
  if (!server) return '';
  const url = new URL(server);
  const socketDir = process.env.PG_SOCKET_DIR ?? '/var/run/postgresql';
  if (!fs.existsSync(path.join(socketDir, `.s.PGSQL.${url.port || 5432}`))) return '';
  url.searchParams.set('host', socketDir);
  return url.toString();
}
const database = databaseThroughSocket();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 600_000,
  expect: { timeout: 30_000 },
  workers: 1,
  // As the e2e suite: one retry (a failed wait prints where the media stopped: sfu.spec.ts `diagnose`).
  retries: 1,
  reporter: [['list']],
  // Many fake cameras on two cores: five frames a second each is enough to see video play (at ten,
  // eight browsers took more than the two cores and their encoders dropped their top simulcast layer).
  use: suiteBrowsers(baseURL, callChromiumArgsAt(5)),
  // The servers (and the Janus each spawns) ahead of the browsers on two cores, as coturn is
  // (sfu.spec.ts): in production they have machines of their own. At the same priority as eight
  // browsers, the server's thread (the embedded database then ran on it too) fell seconds behind: a
  // script chunk took 4 to 13 s to arrive (measured in November 2026).
  webServer: [
    productServer(
      port,
      {
        DATABASE_URL_TEST: database,
        LOG_LEVEL: 'info',
        // The server spawns Janus (JANUS_URL unset), offering only the namespace's veth address.
        JANUS_URL: '',
        JANUS_ICE_INTERFACES: JANUS_INTERFACE,
        JANUS_PORT: String(port + 100),
        MESH_MAX_PARTICIPANTS: String(MESH_MAX),
        TURN_URLS: `turn:${JANUS_ADDRESS}:${TURN_PORT}?transport=udp`,
        TURN_SECRET,
        SFU_MESH_RETURN_SECONDS: '5',
      },
      { priority: -10 },
    ),
    productServer(
      seatsPort,
      {
        DATABASE_URL_TEST: database,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-sfu-seats-')),
        JANUS_URL: '',
        JANUS_ICE_INTERFACES: JANUS_INTERFACE,
        JANUS_PORT: String(seatsPort + 100),
        // Apart from the first server's Janus (20000-20200).
        JANUS_RTP_PORTS: '20300-20500',
        MESH_MAX_PARTICIPANTS: '2',
        SFU_MAX_VIDEO_PUBLISHERS: '2',
        LOG_LEVEL: 'warn',
      },
      { priority: -10 },
    ),
  ],
});
