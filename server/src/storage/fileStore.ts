import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { mimeOfExtension, type DetectedFileType } from './fileTypes';

/**
 * A folder of uploaded files under generated names (`<uuid>.<ext>`, the extension from the
 * detected type). Only such names are ever accepted back, so a requested name cannot leave the
 * folder, pick a file the server did not write, or choose its own Content-Type. Every upload
 * (publication media, avatars and covers, voice messages) lives in one of these.
 */
export type FileStore = ReturnType<typeof createFileStore>;

export type FileStoreOptions = {
  /** Content-Types by extension that differ from mimeOfExtension's (voice recordings are audio/webm...). */
  contentTypes?: Readonly<Record<string, string>>;
  /** How long browsers keep a served file; by default a year (a generated name never changes content). */
  cacheControl?: string;
};

// The uuid also without dashes: avatars and covers stored before the stores were merged have such names.
const STORED_NAME = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})(-[a-z]+)?\.[a-z0-9]{2,5}$/;

export const isStoredName = (name: string) => STORED_NAME.test(name);

/** The name of a derived file (a thumbnail...) next to `filename`, e.g. `<uuid>-thumb.jpg`. */
export const derivedName = (filename: string, suffix: string, extension: string) =>
  `${filename.slice(0, filename.lastIndexOf('.'))}-${suffix}${extension}`;

export function createFileStore(root: string, options: FileStoreOptions = {}) {
  const folder = path.resolve(root);
  let ready: Promise<unknown> | undefined;

  /** The absolute path of a stored name; null for anything else. */
  function pathOf(name: string): string | null {
    if (!isStoredName(name)) return null;
    const file = path.resolve(folder, name);
    return path.dirname(file) === folder ? file : null;
  }

  async function write(name: string, bytes: Uint8Array): Promise<void> {
    await (ready ??= fs.mkdir(folder, { recursive: true }));
    // Written aside, then renamed: a file is never seen half-written under its name. `wx`: a
    // generated name never overwrites anything (the temporary name is not a stored name, never served).
    const temporary = path.join(folder, `.${name}.tmp`);
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    await fs.rename(temporary, path.join(folder, name));
  }

  return {
    folder,
    pathOf,

    /** Writes an upload under a new generated name; returns the name. */
    async storeUpload(bytes: Uint8Array, type: Pick<DetectedFileType, 'extension'>): Promise<string> {
      const name = `${crypto.randomUUID()}${type.extension}`;
      await write(name, bytes);
      return name;
    },

    /**
     * A file that grows in pieces (a recording uploaded while it is made), kept aside under a
     * name that is never served until `completeGrowing`. The piece goes at `offset`, cutting off
     * whatever lies beyond it first: a piece whose write was cut short, or that is sent again,
     * never leaves bytes twice.
     */
    async writeGrowing(name: string, offset: number, bytes: Uint8Array): Promise<void> {
      if (!pathOf(name)) throw new Error(`not a stored name: ${name}`);
      await (ready ??= fs.mkdir(folder, { recursive: true }));
      const handle = await fs.open(path.join(folder, `.${name}.growing`), 'a+');
      try {
        await handle.truncate(offset);
        await handle.write(bytes, 0, bytes.length, offset);
      } finally {
        await handle.close();
      }
    },

    /** The path of a growing file (for the tools that finish it); null for other names. */
    growingPathOf: (name: string) => (pathOf(name) ? path.join(folder, `.${name}.growing`) : null),

    /** A growing file becomes the stored file `name` (replacing nothing: the name is new). */
    async completeGrowing(name: string): Promise<void> {
      const growing = path.join(folder, `.${name}.growing`);
      if (!pathOf(name)) throw new Error(`not a stored name: ${name}`);
      await fs.rename(growing, path.join(folder, name));
    },

    /**
     * Takes in a file written elsewhere on this disk (a finished resumable upload) under a new
     * generated name, by renaming it: a 100 MB file is not copied. Returns the name.
     */
    async adopt(source: string, extension: string): Promise<string> {
      await (ready ??= fs.mkdir(folder, { recursive: true }));
      const name = `${crypto.randomUUID()}${extension}`;
      if (!pathOf(name)) throw new Error(`not a stored name: ${name}`);
      await fs.rename(source, path.join(folder, name));
      return name;
    },

    /** Writes a file derived from a stored one (e.g. its thumbnail) under `derivedName`. */
    async storeDerived(filename: string, suffix: string, extension: string, bytes: Uint8Array): Promise<string> {
      const name = derivedName(filename, suffix, extension);
      if (!pathOf(name)) throw new Error(`not a stored name: ${name}`);
      await write(name, bytes);
      return name;
    },

    /** Stored files (not their derived ones) written before `before`: candidates for the orphan sweep. */
    async storedBefore(before: Date): Promise<string[]> {
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      const old = await Promise.all(
        names
          .filter((name) => isStoredName(name) && !/-[a-z]+\.[a-z0-9]+$/.test(name.slice(36)))
          .map(async (name) => ((await fs.stat(path.join(folder, name))).mtime < before ? name : null)),
      );
      return old.filter((name): name is string => name !== null);
    },

    /** Bytes of every file kept here (stored and derived ones; half-written temporaries aside). */
    async storedBytes(): Promise<number> {
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      const sizes = await Promise.all(
        names
          .filter((name) => !name.endsWith('.tmp'))
          .map((name) =>
            fs
              .stat(path.join(folder, name))
              .then((stat) => (stat.isFile() ? stat.size : 0))
              .catch(() => 0),
          ),
      );
      return sizes.reduce((sum, size) => sum + size, 0);
    },

    /** Removes stored files (and their growing parts); names that are not stored names or already gone are ignored. */
    async remove(names: Iterable<string | null | undefined>): Promise<void> {
      await Promise.all(
        [...names].map(async (name) => {
          const file = name ? pathOf(name) : null;
          if (file)
            await Promise.all([fs.rm(file, { force: true }), fs.rm(path.join(folder, `.${name}.growing`), { force: true })]);
        }),
      );
    },

    /**
     * Serves a stored file: Content-Type from its extension, cached (for a year unless the store
     * says otherwise), ETag / Last-Modified revalidation, and byte ranges (video seeking).
     * Null when the name is not a stored file.
     */
    async serve(request: Request, name: string): Promise<Response | null> {
      const file = pathOf(name);
      if (!file) return null;
      let stat;
      try {
        stat = await fs.stat(file);
      } catch {
        return null;
      }
      if (!stat.isFile()) return null;
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      const headers: Record<string, string> = {
        'content-type': options.contentTypes?.[path.extname(name)] ?? mimeOfExtension(path.extname(name)),
        'cache-control': options.cacheControl ?? 'public, max-age=31536000, immutable',
        'accept-ranges': 'bytes',
        etag,
        'last-modified': stat.mtime.toUTCString(),
        // Never rendered as anything but the media type we detected.
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'",
      };
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

      const range = parseRange(request.headers.get('range'), stat.size);
      if (range === 'unsatisfiable') {
        return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${stat.size}` } });
      }
      const { start, end } = range ?? { start: 0, end: stat.size - 1 };
      const length = stat.size === 0 ? 0 : end - start + 1;
      headers['content-length'] = String(length);
      if (range) headers['content-range'] = `bytes ${start}-${end}/${stat.size}`;
      const body =
        request.method === 'HEAD' || length === 0
          ? null
          : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
      return new Response(body, { status: range ? 206 : 200, headers });
    },
  };
}

/**
 * One `bytes=` range (what media elements send); several ranges or a malformed header are
 * answered with the whole file, as RFC 9110 allows.
 */
export function parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
