import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase } from './database';
import { loadConfig, type Config } from '../../server/src/config';
import { createServices, type Services } from '../../server/src/services/container';
import { createApp } from '../../server/src/http';
import { createLogger } from '../../server/src/logger';
import { startServer, type RunningServer } from '../../server/src/server';
import type { Database } from '../../server/src/db';
import type { QueryListener } from '../../server/src/database/adapters';
import type { Sms, SmsSender } from '../../server/src/services/sms';

export type TestApp = {
  services: Services;
  db: Database;
  dataDir: string;
  /** An in-process request against the whole HTTP surface. */
  request(
    method: string,
    path: string,
    opts?: { json?: unknown; body?: BodyInit; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    opts?: { token?: string; headers?: Record<string, string> },
  ): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
  dispose(): Promise<void>;
};

/** No SFU: neither starting Janus nor connecting to one named in the environment (tests/server/janusGateway.test.ts asks for one). */
export const NO_SFU: Partial<Config> = { janusUrl: undefined, janusSpawn: false };

/** Every test registers and uploads from one address: per-address and per-user quotas apply only where a test sets them. */
const TEST_LIMITS: Partial<Config> = {
  registrationsPerAddressPerHour: 1_000_000,
  roomsPerUserPerHour: 1_000_000,
  uploadsPerUserPerHour: 1_000_000,
  // Tests never reach the internet: a test that needs a geocoder starts tests/support/fakeGeocoder.ts.
  geocoderUrl: '',
  ...NO_SFU,
};

/**
 * A fresh database (in-memory PGlite, or a scratch PostgreSQL database with DATABASE_URL_TEST) and app.
 * `onQuery` sees every SQL statement (tests count them); `sms` replaces the SMS sender (to read the codes sent).
 */
export async function createTestApp(
  config: Partial<Config> = {},
  opts: { onQuery?: QueryListener; sms?: SmsSender } = {},
): Promise<TestApp> {
  const db = await openTestDatabase({ onQuery: opts.onQuery });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-test-'));
  const services = createServices(
    loadConfig({}, { dataDir, clientDir: path.join(dataDir, 'client'), ...TEST_LIMITS, ...config }),
    db,
    {
      log: createLogger(process.env.LOG_LEVEL ?? 'warn'),
      ...(opts.sms ? { sms: opts.sms } : {}),
    },
  );
  const app = createApp(services);
  const request: TestApp['request'] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    return app.fetch(new Request(`http://localhost${url}`, { method, headers, body }));
  };
  return {
    services,
    db,
    dataDir,
    request,
    async graphql(query, variables, opts = {}) {
      const response = await request('POST', '/graphql', {
        json: { query, variables },
        token: opts.token,
        headers: { accept: 'application/graphql-response+json', ...opts.headers },
      });
      return response.json();
    },
    async dispose() {
      await services.close();
      await db.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real server on a free port (for WebSocket and conformance tests). */
export async function startTestServer(config: Partial<Config> = {}): Promise<RunningServer & { dispose(): Promise<void> }> {
  const db = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-test-'));
  const running = await startServer({
    database: db,
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      clientDir: path.join(dataDir, 'client'),
      seedDemoData: false,
      ...TEST_LIMITS,
      ...config,
    },
    services: { log: createLogger(process.env.LOG_LEVEL ?? 'warn') },
  });
  return {
    ...running,
    async dispose() {
      await running.close();
      await db.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An SMS sender that keeps what it was asked to send (like a gateway would deliver it). */
export function recordingSmsSender(): SmsSender & { sent: Sms[]; lastCode(phone: string): string } {
  const sent: Sms[] = [];
  return {
    delivers: true,
    sent,
    async send(sms) {
      sent.push(sms);
    },
    lastCode(phone) {
      const sms = sent.filter((s) => s.to === phone).at(-1);
      const code = sms && /\b(\d{6})\b/.exec(sms.text)?.[1];
      if (!code) throw new Error(`no code was sent to ${phone}`);
      return code;
    },
  };
}

/**
 * A GraphQL request body by the multipart request spec (github.com/jaydenseric/graphql-multipart-request-spec):
 * `files` maps variable paths (`file`, `input.media.0`) to files, which the server puts in place.
 */
export function multipartOperation(query: string, variables: Record<string, unknown>, files: Record<string, File>) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables }));
  form.set('map', JSON.stringify(Object.fromEntries(Object.keys(files).map((key, i) => [String(i), [`variables.${key}`]]))));
  Object.values(files).forEach((file, i) => form.set(String(i), file));
  return form;
}
