import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support';
import { printedSchema } from '../../server/src/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  const client = path.join(app.dataDir, 'client');
  fs.mkdirSync(path.join(client, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(client, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(client, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
});
afterAll(() => app?.dispose());

const page = { accept: 'text/html,application/xhtml+xml' };

describe('HTTP surface', () => {
  it('reports health', async () => {
    const response = await app.request('GET', '/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: app.db.kind });
  });

  it('serves the client, with client-side routes falling back to index.html', async () => {
    for (const route of ['/', '/login', '/dashboard', '/profile/anna', '/video-calls']) {
      const response = await app.request('GET', route, { headers: page });
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const asset = await app.request('GET', '/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives a browser navigation the page and any other request the API on shared paths', async () => {
    const navigation = await app.request('GET', '/users', { headers: page });
    expect(navigation.headers.get('content-type')).toMatch(/text\/html/);
    const api = await app.request('GET', '/users', { headers: { accept: 'application/json' } });
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    const prefixed = await app.request('GET', '/api/users', { headers: page });
    expect(prefixed.status).toBe(401);
  });

  it('answers unknown API paths with a JSON 404 and refuses to leave the client folder', async () => {
    const response = await app.request('GET', '/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Не найдено' });
    const traversal = await app.request('GET', '/assets/..%2f..%2fpackage.json');
    expect(traversal.status).toBe(404);
    const wrongMethod = await app.request('DELETE', '/auth/login');
    expect(wrongMethod.status).toBe(405);
  });

  it('keeps schema.graphql in step with the Pothos schema', () => {
    const committed = fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed, 'schema.graphql is stale: run `npm run generate`').toBe(printedSchema());
  });
});
