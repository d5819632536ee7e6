import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_SHELL_ID, SHELL_PATHS } from '../../../client/src/app/pageShell';
import { DEFAULT_LOOK, type ThemeAccent, type ThemeLook } from '../services/themes';

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

function entryOf(body: Buffer, ext: string, immutable = false): Entry {
  return {
    body,
    gzipped: COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body) : undefined,
    type: TYPES[ext] ?? 'application/octet-stream',
    immutable,
  };
}

/**
 * Chakra's shades the sign-in pages' first paint (index.html's #page-shell) is drawn in, per accent:
 * AuthLayout's gradient, from the accent's 600 to its 900 shade. Written out rather than read from
 * '@chakra-ui/react/theme' at the first request: that import loads all of Chakra's theme, which held
 * the first visitor of /login for 3.5 s after every start (tests/server/pageShell.test.ts checks
 * these against Chakra's tokens, so an upgrade that changes them fails there).
 */
export const SHELL_GRADIENTS: Record<ThemeAccent, { from: string; to: string }> = {
  blue: { from: '#2563eb', to: '#14204a' },
  teal: { from: '#0d9488', to: '#032726' },
  green: { from: '#16a34a', to: '#042713' },
  cyan: { from: '#0891b2', to: '#072a38' },
  purple: { from: '#9333ea', to: '#2f0553' },
  pink: { from: '#db2777', to: '#45061f' },
  red: { from: '#dc2626', to: '#300c0c' },
  orange: { from: '#ea580c', to: '#3b1106' },
  gray: { from: '#52525b', to: '#18181b' },
};

/** AuthLayout's card: white, or Chakra's dark panel (gray.950) in dark mode. */
export const SHELL_DARK_CARD = '#111111';

function shellColours(look: ThemeLook) {
  return { ...SHELL_GRADIENTS[look.accent], card: look.mode === 'dark' ? SHELL_DARK_CARD : '#fff' };
}

/**
 * Serves the built client (dist/client): hashed assets cached for a year, everything else
 * revalidated; text files gzipped once and kept in memory. Unknown page paths get index.html so
 * the client-side router can take over; on the sign-in pages with its first paint shown, in the
 * colours of the active theme (`look`).
 */
export function createStaticClient(root: string, look: () => Promise<ThemeLook>) {
  const cache = new Map<string, Entry | null>();
  /** index.html with the first paint shown, per look. */
  const shellPages = new Map<string, Entry>();

  async function load(relative: string): Promise<Entry | null> {
    if (cache.has(relative)) return cache.get(relative)!;
    const file = path.resolve(root, `.${relative}`);
    let entry: Entry | null = null;
    if (file.startsWith(root + path.sep)) {
      try {
        const stat = await fs.stat(file);
        if (stat.isFile()) {
          entry = entryOf(await fs.readFile(file), path.extname(file).toLowerCase(), relative.startsWith('/assets/'));
        }
      } catch {
        entry = null;
      }
    }
    // Missing files are not cached as missing: a rebuild may add them.
    if (entry) cache.set(relative, entry);
    return entry;
  }

  /** index.html with #page-shell shown in the active theme's colours (kept per look). */
  async function withShell(index: Entry): Promise<Entry> {
    // Without the database the page still opens, in the default look.
    const current = await look().catch(() => DEFAULT_LOOK);
    const key = `${current.mode} ${current.accent}`;
    let entry = shellPages.get(key);
    if (!entry) {
      const colours = shellColours(current);
      const shown = `<div id="${PAGE_SHELL_ID}" style="--shell-from: ${colours.from}; --shell-to: ${colours.to}; --shell-card: ${colours.card}"`;
      const html = index.body.toString('utf8').replace(`<div id="${PAGE_SHELL_ID}" hidden`, shown);
      entry = entryOf(Buffer.from(html), '.html');
      shellPages.set(key, entry);
    }
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
    clear: () => {
      cache.clear();
      shellPages.clear();
    },
    async file(request: Request, pathname: string): Promise<Response | null> {
      if (pathname === '/' || pathname.endsWith('/')) return null;
      const entry = await load(decodeURIComponent(pathname));
      return entry ? respond(entry, request) : null;
    },
    async page(request: Request): Promise<Response> {
      const index = await load('/index.html');
      if (index && SHELL_PATHS.includes(new URL(request.url).pathname)) return respond(await withShell(index), request);
      if (index) return respond(index, request);
      return new Response(
        '<!doctype html><meta charset="utf-8"><title>LinkUp</title><p>The client is not built yet: run <code>npm run build</code> (or <code>npm start</code>).</p>',
        { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } },
      );
    },
  };
}
