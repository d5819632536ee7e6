import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/database';
import { NO_SFU } from '../support/app';
import { createLogger } from '../../server/src/logger';
import { startServer, type RunningServer } from '../../server/src/server';
import { routes } from '../../server/src/rest/routes/index';

/**
 * `npm run dev` serves the client with Vite on the server's port: every path the server answers
 * must still reach the server, not Vite's page fallback.
 */
let server: RunningServer;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const db = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-dev-test-'));
  server = await startServer({
    database: db,
    devClient: true,
    config: { port: 0, host: '127.0.0.1', dataDir, seedDemoData: false, ...NO_SFU },
    services: { log: createLogger('warn') },
  });
  dispose = async () => {
    await server.close();
    await db.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}, 120_000);
afterAll(() => dispose?.());

/** A concrete path for a REST row: each `:name` parameter filled in (numbers where a number is required). */
const concrete = (pattern: string) =>
  pattern
    .replace(/:(\w+)(\([^)]*\))?/g, (_m, _name, shape?: string) => (shape ? '1' : 'x'))
    // An escaped character of the pattern (`\.ics`) is itself in a path.
    .replace(/\\(.)/g, '$1');

/** The server's own paths besides the REST rows (http/routes.ts), as clients call them. */
const SERVER_PATHS = [
  '/health',
  '/graphql',
  '/publications/media/missing.jpg',
  '/api/publications/media/missing.jpg',
  '/uploads/avatars/missing.png',
  '/room-media/voice/missing.webm',
  '/messages/attachments/missing.pdf',
  '/api/messages/attachments/missing.pdf',
];

describe('development server', () => {
  it('sends every server path to the server and the pages to Vite', async () => {
    const paths = [
      ...SERVER_PATHS.map((pathname) => ({ method: 'GET', pathname })),
      ...routes.map((route) => ({ method: route.method, pathname: concrete(route.path) })),
      ...routes.map((route) => ({ method: route.method, pathname: `/api${concrete(route.path)}` })),
    ];
    const servedByVite: string[] = [];
    for (const { method, pathname } of paths) {
      const response = await fetch(`${server.url}${pathname}`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      await response.arrayBuffer();
      // Every answer of the server carries its security headers; Vite's do not.
      if (!response.headers.has('x-content-type-options')) servedByVite.push(`${method} ${pathname} (${response.status})`);
    }
    expect(servedByVite).toEqual([]);

    const page = await fetch(`${server.url}/login`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('/@vite/client');
  }, 120_000);
});
