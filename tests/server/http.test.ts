import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestServer, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { createApp } from '../../server/src/http';
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

  it('answers / with the client page whatever the caller accepts', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      const response = await app.request('GET', '/', { headers: accept ? { accept } : {} });
      expect(response.status, String(accept)).toBe(200);
      expect(response.headers.get('content-type'), String(accept)).toMatch(/text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('keeps schema.graphql in step with the Pothos schema', () => {
    const committed = fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed, 'schema.graphql is stale: run `npm run generate`').toBe(printedSchema());
  });
});

describe('browser policy', () => {
  const policyOf = (response: Response) =>
    Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;

  it('sends a Content-Security-Policy with every page: scripts from our origin only, no eval', async () => {
    for (const route of ['/', '/login', '/profile/anna']) {
      const policy = policyOf(await app.request('GET', route, { headers: page }));
      expect(policy['script-src'], route).toEqual(["'self'"]);
      expect(policy['default-src'], route).toEqual(["'self'"]);
      expect(policy['object-src'], route).toEqual(["'none'"]);
      expect(policy['connect-src'], route).toContain("'self'");
      expect(Object.values(policy).flat(), route).not.toContain("'unsafe-eval'");
    }
    // API answers are not documents: they need no policy.
    expect((await app.request('GET', '/health')).headers.has('content-security-policy')).toBe(false);
  });

  it('serves GraphiQL from the installed package, its inline script admitted by hash', async () => {
    const response = await app.request('GET', '/graphql', { headers: page });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('renderYogaGraphiQL');
    expect(html).not.toMatch(/unpkg\.com|jsdelivr|<script[^>]+src=/);
    const scriptSources = policyOf(response)['script-src']!;
    expect(scriptSources[0]).toBe("'self'");
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const hash = (await import('node:crypto')).createHash('sha256').update(script).digest('base64');
    expect(scriptSources).toContain(`'sha256-${hash}'`);
    expect(Object.values(policyOf(response)).flat()).not.toContain("'unsafe-eval'");
  });

  it('admits images from the configured map tile host, and from no other site; the browser calls no geocoder', async () => {
    const pageWith = async (mapTileUrl: string) => {
      const configured = createApp({ ...app.services, config: { ...app.services.config, mapTileUrl } });
      return policyOf(await configured.fetch(new Request('http://localhost/social', { headers: page })));
    };
    const imagesBase = ["'self'", 'data:', 'blob:'];
    // The default: OpenStreetMap's tiles.
    const byDefault = policyOf(await app.request('GET', '/social', { headers: page }));
    expect(byDefault['img-src']).toEqual([...imagesBase, 'https://tile.openstreetmap.org']);
    // Address search goes through our server (geocodeSearch, reverseGeocode).
    expect(byDefault['connect-src']).toEqual(["'self'"]);

    expect((await pageWith('http://127.0.0.1:9911/tiles/{z}/{x}/{y}.png'))['img-src']).toEqual([
      ...imagesBase,
      'http://127.0.0.1:9911',
    ]);
    expect((await pageWith('https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png?key=abc'))['img-src']).toEqual([
      ...imagesBase,
      'https://*.tiles.example.org',
    ]);
    // Tiles served by this site need nothing more than 'self'.
    expect((await pageWith('/tiles/{z}/{x}/{y}.png'))['img-src']).toEqual(imagesBase);
    // GraphiQL shows no map.
    const graphiql = policyOf(await app.request('GET', '/graphql', { headers: page }));
    expect(graphiql['img-src']).toEqual(imagesBase);
  });

  it('gives no other site CORS access by default, not even by reflecting its origin', async () => {
    const origin = { origin: 'https://evil.example' };
    const preflight = await app.request('OPTIONS', '/graphql', {
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await app.request('POST', '/graphql', {
      json: { query: '{ __typename }' },
      headers: { ...origin, accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const rest = await app.request('GET', '/health', { headers: origin });
    expect(rest.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows exactly the origins listed in CORS_ORIGINS, without credentials', async () => {
    const listed = 'https://app.example.org';
    const configured = createApp({ ...app.services, config: { ...app.services.config, corsOrigins: [listed] } });
    const call = (method: string, path: string, headers: Record<string, string>) =>
      configured.fetch(new Request(`http://localhost${path}`, { method, headers }));

    const preflight = await call('OPTIONS', '/graphql', { origin: listed, 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(listed);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await call('GET', '/health', { origin: listed });
    expect(answer.headers.get('access-control-allow-origin')).toBe(listed);
    expect(answer.headers.get('vary')).toMatch(/origin/i);

    const other = await call('OPTIONS', '/graphql', {
      origin: 'https://app.example.org.evil.example',
      'access-control-request-method': 'POST',
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('multipart over a real socket', () => {
  it('keeps the files of a REST multipart request (the server’s parts are not this process’s File class)', async () => {
    const server = await startTestServer();
    try {
      const [anna, boris] = await Promise.all([registerAndLogin(server.url), registerAndLogin(server.url)]);
      const form = new FormData();
      form.set('receiver_id', String(boris.member.id));
      form.set('content', 'Повестка');
      form.append('files', new File(['Повестка встречи\n'], 'agenda.txt', { type: 'text/plain' }));
      const sent = await fetch(`${server.url}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anna.token}` },
        body: form,
      });
      expect(sent.status).toBe(201);
      expect((await sent.json()).attachments).toEqual([expect.objectContaining({ name: 'agenda.txt', size: 32 })]);

      // Several parts of one name are all kept: the HTTP server's own form parser kept only the last.
      const several = new FormData();
      several.set('receiver_id', String(boris.member.id));
      for (const name of ['one.txt', 'two.txt', 'three.txt'])
        several.append('files', new File([name], name, { type: 'text/plain' }));
      const three = await fetch(`${server.url}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anna.token}` },
        body: several,
      });
      expect(three.status).toBe(201);
      expect((await three.json()).attachments.map((file: { name: string }) => file.name)).toEqual([
        'one.txt',
        'two.txt',
        'three.txt',
      ]);
    } finally {
      await server.dispose();
    }
  });
});
