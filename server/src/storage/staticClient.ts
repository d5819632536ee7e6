import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map', '.webmanifest']);

type Entry = { body: Buffer; gzipped?: Buffer; type: string; immutable: boolean };

/**
 * Serves the built client (dist/client): hashed assets cached for a year, everything else
 * revalidated; text files gzipped once and kept in memory. Unknown page paths get index.html so
 * the client-side router can take over.
 */
export function createStaticClient(root: string) {
  const cache = new Map<string, Entry | null>();

  async function load(relative: string): Promise<Entry | null> {
    if (cache.has(relative)) return cache.get(relative)!;
    const file = path.resolve(root, `.${relative}`);
    let entry: Entry | null = null;
    if (file.startsWith(root + path.sep)) {
      try {
        const stat = await fs.stat(file);
        if (stat.isFile()) {
          const body = await fs.readFile(file);
          const ext = path.extname(file).toLowerCase();
          entry = {
            body,
            gzipped: COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body) : undefined,
            type: TYPES[ext] ?? 'application/octet-stream',
            immutable: relative.startsWith('/assets/'),
          };
        }
      } catch {
        entry = null;
      }
    }
    // Missing files are not cached as missing: a rebuild may add them.
    if (entry) cache.set(relative, entry);
    return entry;
  }

  function respond(entry: Entry, request: Request): Response {
    const headers: Record<string, string> = {
      'content-type': entry.type,
      'cache-control': entry.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    const gzip = entry.gzipped && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
    if (gzip) headers['content-encoding'] = 'gzip';
    const body = gzip ? entry.gzipped! : entry.body;
    headers['content-length'] = String(body.length);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  }

  return {
    /** Forgets the files read so far (a redeployed client, its compiled message catalogs among them, is read again). */
    clear: () => cache.clear(),
    async file(request: Request, pathname: string): Promise<Response | null> {
      if (pathname === '/' || pathname.endsWith('/')) return null;
      const entry = await load(decodeURIComponent(pathname));
      return entry ? respond(entry, request) : null;
    },
    async page(request: Request): Promise<Response> {
      const entry = await load('/index.html');
      if (entry) return respond(entry, request);
      return new Response(
        '<!doctype html><meta charset="utf-8"><title>LinkUp</title><p>The client is not built yet: run <code>npm run build</code> (or <code>npm start</code>).</p>',
        { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } },
      );
    },
  };
}
