import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { mimeOfExtension, type DetectedFileType } from './fileTypes';

/**
 * Where every uploaded file lives (publication media, attachments, avatars and covers, voice
 * messages, room files, recordings, branding...): one kind of file per store, each under generated
 * names (`<uuid>.<ext>`, the extension from the detected type). Only such names are ever accepted
 * back, so a requested name cannot leave the store, pick a file the server did not write, or
 * choose its own Content-Type. Two implementations: a folder on the local disk (the default) and
 * an S3-compatible bucket (./s3FileStore.ts, when S3_BUCKET is set; ./fileStores.ts picks), where the store's folder
 * relative to DATA_DIR is the key prefix. Nothing outside them touches the files directly: tools
 * that need a file on disk (ffmpeg) get a local copy through `withLocalCopy`.
 */
export interface FileStore {
  /** The folder or `s3://bucket/prefix` (for logs and messages). */
  readonly location: string;
  /** Writes an upload under a new generated name; returns the name. */
  storeUpload(bytes: Uint8Array, type: Pick<DetectedFileType, 'extension'>): Promise<string>;
  /** Writes a file derived from a stored one (e.g. its thumbnail) under `derivedName`. */
  storeDerived(filename: string, suffix: string, extension: string, bytes: Uint8Array): Promise<string>;
  /**
   * Takes in a file from the local disk (a finished resumable upload, a converted recording) under
   * a new generated name with `extension`, or under `name` when given; the local file is gone
   * afterwards (renamed into the folder, or uploaded then removed).
   */
  adopt(source: string, extension: string): Promise<string>;
  adoptAs(source: string, name: string): Promise<void>;
  /** Whether `name` is a stored file here. */
  exists(name: string): Promise<boolean>;
  /**
   * Runs `use` with a path on the local disk holding the stored file (the file itself on disk, a
   * temporary copy from S3, removed afterwards); null without calling `use` when it is not stored.
   */
  withLocalCopy<T>(name: string, use: (file: string) => Promise<T>): Promise<T | null>;
  /**
   * A file that grows in pieces (a recording uploaded while it is made), kept aside under a name
   * that is never served until `completeGrowing`. The piece goes at `offset`, cutting off whatever
   * lies beyond it first: a piece whose write was cut short, or that is sent again, never leaves
   * bytes twice.
   */
  writeGrowing(name: string, offset: number, bytes: Uint8Array): Promise<void>;
  /**
   * The growing file becomes the stored file `name`. `finish` gets it on the local disk and a free
   * local path (`scratch`) where it may write a rewritten copy; it answers which of the two is kept
   * and anything measured on it meanwhile. The growing pieces are gone afterwards.
   */
  completeGrowing<T>(
    name: string,
    finish: (growing: string, scratch: string) => Promise<{ keep: string; result: T }>,
  ): Promise<T>;
  /** A free path on the local disk for a file about to be adopted (next to the files, for a cheap rename, when on disk). */
  scratchPath(): Promise<string>;
  /** Stored files (not their derived ones) written before `before`: candidates for the orphan sweep. */
  storedBefore(before: Date): Promise<string[]>;
  /** Bytes of every file kept here (stored and derived ones). */
  storedBytes(): Promise<number>;
  /** Removes stored files (and their growing parts); names that are not stored names or already gone are ignored. */
  remove(names: Iterable<string | null | undefined>): Promise<void>;
  /**
   * Serves a stored file: Content-Type from its extension, cached (for a year unless the store
   * says otherwise), ETag / Last-Modified revalidation, and byte ranges (video seeking).
   * Null when the name is not a stored file.
   */
  serve(request: Request, name: string): Promise<Response | null>;
}

export type FileStoreOptions = {
  /** Content-Types by extension that differ from mimeOfExtension's (voice recordings are audio/webm...). */
  contentTypes?: Readonly<Record<string, string>>;
  /** How long browsers keep a served file; by default a year (a generated name never changes content). */
  cacheControl?: string;
};

// The uuid also without dashes: avatars and covers stored before the stores were merged have such names.
const STORED_NAME = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})(-[a-z]+)?\.[a-z0-9]{2,5}$/;

export const isStoredName = (name: string) => STORED_NAME.test(name);

/** Stored files that are not derived from another one (`<uuid>-thumb.jpg` is). */
export const isOriginalName = (name: string) => isStoredName(name) && !/-[a-z]+\.[a-z0-9]+$/.test(name.slice(36));

/** The name of a derived file (a thumbnail...) next to `filename`, e.g. `<uuid>-thumb.jpg`. */
export const derivedName = (filename: string, suffix: string, extension: string) =>
  `${filename.slice(0, filename.lastIndexOf('.'))}-${suffix}${extension}`;

/** A new generated name with `extension`. */
export function generatedName(extension: string): string {
  const name = `${crypto.randomUUID()}${extension}`;
  if (!isStoredName(name)) throw new Error(`not a stored name: ${name}`);
  return name;
}

export function assertStoredName(name: string): void {
  if (!isStoredName(name)) throw new Error(`not a stored name: ${name}`);
}

/**
 * Storing under a new name, the same for every store given how it writes a file and how it takes
 * over a local one (`adoptAs`).
 */
export function storingMethods(
  write: (name: string, bytes: Uint8Array) => Promise<void>,
  adoptAs: FileStore['adoptAs'],
): Pick<FileStore, 'storeUpload' | 'storeDerived' | 'adopt' | 'adoptAs'> {
  return {
    async storeUpload(bytes, type) {
      const name = generatedName(type.extension);
      await write(name, bytes);
      return name;
    },
    async storeDerived(filename, suffix, extension, bytes) {
      const name = derivedName(filename, suffix, extension);
      assertStoredName(name);
      await write(name, bytes);
      return name;
    },
    async adopt(source, extension) {
      const name = generatedName(extension);
      await adoptAs(source, name);
      return name;
    },
    adoptAs,
  };
}

/** What serving a stored file answers, given its size, date and tag: headers, 304, 416 or the range to send. */
export function servedFile(
  request: Request,
  name: string,
  file: { size: number; modified: Date; etag: string },
  options: FileStoreOptions,
): { response: Response } | { status: 200 | 206; headers: Record<string, string>; range: { start: number; end: number } } {
  const extension = path.extname(name);
  const headers: Record<string, string> = {
    'content-type': options.contentTypes?.[extension] ?? mimeOfExtension(extension),
    'cache-control': options.cacheControl ?? 'public, max-age=31536000, immutable',
    'accept-ranges': 'bytes',
    etag: file.etag,
    'last-modified': file.modified.toUTCString(),
    // Never rendered as anything but the media type we detected.
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'",
  };
  if (request.headers.get('if-none-match') === file.etag) return { response: new Response(null, { status: 304, headers }) };
  const range = parseRange(request.headers.get('range'), file.size);
  if (range === 'unsatisfiable') {
    return { response: new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } }) };
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const length = file.size === 0 ? 0 : end - start + 1;
  headers['content-length'] = String(length);
  if (range) headers['content-range'] = `bytes ${start}-${end}/${file.size}`;
  if (request.method === 'HEAD' || length === 0) return { response: new Response(null, { status: range ? 206 : 200, headers }) };
  return { status: range ? 206 : 200, headers, range: { start, end } };
}

/** A folder of the local disk. */
export function createLocalFileStore(root: string, options: FileStoreOptions = {}): FileStore {
  const folder = path.resolve(root);
  let ready: Promise<unknown> | undefined;
  const prepared = () => (ready ??= fs.mkdir(folder, { recursive: true }));

  /** The absolute path of a stored name; null for anything else. */
  function pathOf(name: string): string | null {
    if (!isStoredName(name)) return null;
    const file = path.resolve(folder, name);
    return path.dirname(file) === folder ? file : null;
  }

  const growingPathOf = (name: string) => path.join(folder, `.${name}.growing`);

  async function write(name: string, bytes: Uint8Array): Promise<void> {
    await prepared();
    // Written aside, then renamed: a file is never seen half-written under its name. `wx`: a
    // generated name never overwrites anything (the temporary name is not a stored name, never served).
    const temporary = path.join(folder, `.${name}.tmp`);
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    await fs.rename(temporary, path.join(folder, name));
  }

  async function statOf(name: string) {
    const file = pathOf(name);
    const stat = file ? await fs.stat(file).catch(() => null) : null;
    return file && stat?.isFile() ? { file, stat } : null;
  }

  const store: FileStore = {
    location: folder,

    ...storingMethods(write, async (source, name) => {
      // A rename: a 100 MB file is not copied.
      assertStoredName(name);
      await prepared();
      await fs.rename(source, path.join(folder, name));
    }),

    exists: async (name) => (await statOf(name)) !== null,

    async withLocalCopy(name, use) {
      const found = await statOf(name);
      return found ? use(found.file) : null;
    },

    async writeGrowing(name, offset, bytes) {
      assertStoredName(name);
      await prepared();
      const handle = await fs.open(growingPathOf(name), 'a+');
      try {
        await handle.truncate(offset);
        await handle.write(bytes, 0, bytes.length, offset);
      } finally {
        await handle.close();
      }
    },

    async completeGrowing(name, finish) {
      assertStoredName(name);
      const growing = growingPathOf(name);
      const scratch = await store.scratchPath();
      try {
        const { keep, result } = await finish(growing, scratch);
        await fs.rename(keep, path.join(folder, name));
        return result;
      } finally {
        await Promise.all([fs.rm(growing, { force: true }), fs.rm(scratch, { force: true })]);
      }
    },

    async scratchPath() {
      await prepared();
      return path.join(folder, `.${crypto.randomUUID()}.tmp`);
    },

    async storedBefore(before) {
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      const old = await Promise.all(
        names.filter(isOriginalName).map(async (name) => ((await fs.stat(path.join(folder, name))).mtime < before ? name : null)),
      );
      return old.filter((name): name is string => name !== null);
    },

    async storedBytes() {
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

    async remove(names) {
      await Promise.all(
        [...names].map(async (name) => {
          const file = name ? pathOf(name) : null;
          if (file) await Promise.all([fs.rm(file, { force: true }), fs.rm(growingPathOf(name!), { force: true })]);
        }),
      );
    },

    async serve(request, name) {
      // Opened before anything is answered, and read through this handle: a file removed meanwhile
      // (a replaced logo, a deleted attachment) is either not found here (404) or still read whole.
      // A stream opening it by path later failed inside the answer, and the failure ended the process.
      const file = pathOf(name);
      const handle = file ? await fs.open(file, 'r').catch(() => null) : null;
      if (!handle) return null;
      let streaming = false;
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) return null;
        const served = servedFile(
          request,
          name,
          { size: stat.size, modified: stat.mtime, etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` },
          options,
        );
        if ('response' in served) return served.response;
        // The stream closes the handle when it ends, fails or is cancelled (a client gone).
        const body = Readable.toWeb(handle.createReadStream(served.range)) as ReadableStream<Uint8Array>;
        streaming = true;
        return new Response(body, { status: served.status, headers: served.headers });
      } finally {
        if (!streaming) await handle.close();
      }
    },
  };
  return store;
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
