import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Uploaded files live under `<dataDir>/uploads/<folder>/` with generated names (never the uploader's
 * name), outside the client bundle, and are served by `serveStoredFile` at `/uploads/<folder>/<name>`.
 */
export const UPLOADS_PATH = '/uploads';

/** A generated name: 32 hex digits and an extension. Anything else is not one of ours. */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;
const FOLDER = /^[a-z][a-z0-9-]{0,31}$/;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const folderPath = (dataDir: string, folder: string) => {
  if (!FOLDER.test(folder)) throw new Error(`invalid upload folder: ${folder}`);
  return path.join(dataDir, 'uploads', folder);
};

export type StoredFile = { filename: string; url: string; size: number };

/** Writes the bytes under a new generated name (write to a temporary file, then rename: no torn files). */
export async function storeFile(dataDir: string, folder: string, data: Uint8Array, extension: string): Promise<StoredFile> {
  const dir = folderPath(dataDir, folder);
  await fs.mkdir(dir, { recursive: true });
  const filename = `${randomUUID().replaceAll('-', '')}.${extension}`;
  const temporary = path.join(dir, `.${filename}.tmp`);
  await fs.writeFile(temporary, data, { flag: 'wx' });
  await fs.rename(temporary, path.join(dir, filename));
  return { filename, url: storedFileUrl(folder, filename), size: data.byteLength };
}

export const storedFileUrl = (folder: string, filename: string) => `${UPLOADS_PATH}/${folder}/${filename}`;

/** The folder and name of a URL storeFile returned; null for any other URL (seeded or external images). */
export function parseStoredFileUrl(url: string | null | undefined): { folder: string; filename: string } | null {
  const match = url ? /^\/uploads\/([^/]+)\/([^/]+)$/.exec(url) : null;
  if (!match || !FOLDER.test(match[1]!) || !STORED_NAME.test(match[2]!)) return null;
  return { folder: match[1]!, filename: match[2]! };
}

/** Deletes a stored file by its URL; a file already gone, or a URL that is not ours, is left alone. */
export async function removeStoredFile(dataDir: string, url: string | null | undefined): Promise<void> {
  const stored = parseStoredFileUrl(url);
  if (!stored) return;
  await fs.rm(path.join(folderPath(dataDir, stored.folder), stored.filename), { force: true });
}

/**
 * Answers GET/HEAD `/uploads/<folder>/<name>` for the given folders. Names are generated and never
 * reused, so a file never changes: browsers may cache it for a year without asking again.
 */
export async function serveStoredFile(
  dataDir: string,
  folders: readonly string[],
  request: Request,
  pathname: string,
): Promise<Response | null> {
  const stored = parseStoredFileUrl(pathname);
  if (!stored || !folders.includes(stored.folder)) return null;
  const file = path.join(folderPath(dataDir, stored.folder), stored.filename);
  let body: Buffer;
  try {
    body = await fs.readFile(file);
  } catch {
    return null;
  }
  const etag = `"${stored.filename}"`;
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[stored.filename.split('.').pop()!] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
    'x-content-type-options': 'nosniff',
    'content-length': String(body.length),
  };
  if (request.headers.get('if-none-match') === etag) {
    const { 'content-length': _length, ...notModified } = headers;
    return new Response(null, { status: 304, headers: notModified });
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}
