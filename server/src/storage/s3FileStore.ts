import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import {
  assertStoredName,
  storingMethods,
  isOriginalName,
  isStoredName,
  servedFile,
  type FileStore,
  type FileStoreOptions,
} from './fileStore';

const clients = new WeakMap<S3Config, S3Client>();

/** One client per bucket settings (it keeps its connections), shared by every store and the resumable uploads. */
export function s3Client(config: S3Config): S3Client {
  let client = clients.get(config);
  if (!client) {
    client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: MinIO, s3rver and other S3-compatible servers do not all
      // accept the SDK's newer default (CRC32 trailers on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    clients.set(config, client);
  }
  return client;
}

/** Whether an S3 call failed because the object is not there (HEAD answers a bare 404). */
export const isMissingObject = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/** Every object under `prefix` (all pages); with `delimiter`, only those directly under it. */
export async function listObjects(client: S3Client, bucket: string, prefix: string, delimiter?: string): Promise<_Object[]> {
  const objects: _Object[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }),
    );
    objects.push(...(page.Contents ?? []));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

export type Piece = { key: string; size: number };

/**
 * The pieces of a file kept as objects named by their offset under `prefix` (S3 objects cannot be
 * appended to), in order: those that follow each other from offset 0. A piece at any other offset
 * (cut off by a piece sent again) is not part of the file.
 */
export async function piecesFromStart(client: S3Client, bucket: string, prefix: string): Promise<Piece[]> {
  const objects = await listObjects(client, bucket, prefix);
  const byOffset = new Map(
    objects
      .filter((object) => /^\d+$/.test(object.Key!.slice(prefix.length)))
      .map((object) => [Number(object.Key!.slice(prefix.length)), { key: object.Key!, size: object.Size ?? 0 }]),
  );
  const chain: Piece[] = [];
  let offset = 0;
  for (let piece = byOffset.get(0); piece && piece.size > 0; piece = byOffset.get(offset)) {
    chain.push(piece);
    offset += piece.size;
  }
  return chain;
}

/** Writes `pieces` one after the other into the local `file`, stopping after `limit` bytes. */
export async function joinPieces(client: S3Client, bucket: string, pieces: Piece[], file: string, limit = Infinity) {
  const out = createWriteStream(file);
  let written = 0;
  for (const piece of pieces) {
    const length = Math.min(piece.size, limit - written);
    if (length <= 0) break;
    const range = length < piece.size ? `bytes=0-${length - 1}` : undefined;
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: piece.key, Range: range }));
    await pipeline(object.Body as Readable, out, { end: false });
    written += length;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** A free path in the system's temporary folder (S3 stores have no folder of their own to work in). */
export const temporaryPath = (extension = '.tmp') => path.join(os.tmpdir(), `linkup-${crypto.randomUUID()}${extension}`);

/** Uploads a local file as `key`, streamed (a 100 MB room file is not read into memory). */
export async function putLocalFile(client: S3Client, bucket: string, key: string, file: string): Promise<void> {
  const { size } = await fs.stat(file);
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size }));
}

/**
 * The store in a bucket: `folder` (relative to DATA_DIR, e.g. `uploads/avatars`) is the key prefix,
 * so the local folder and the bucket hold the same tree. A growing file's pieces are objects of
 * their own (`<folder>/.growing/<name>/<offset>`; S3 objects cannot be appended to), joined when it
 * completes.
 */
export function createS3FileStore(config: S3Config, folder: string, options: FileStoreOptions = {}): FileStore {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const prefix = `${folder
    .split(path.sep)
    .join('/')
    .replace(/^\/+|\/+$/g, '')}/`;
  const keyOf = (name: string) => `${prefix}${name}`;
  const growingPrefix = (name: string) => `${prefix}.growing/${name}/`;

  async function put(name: string, bytes: Uint8Array) {
    await client.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: bytes, ContentLength: bytes.byteLength }));
  }

  async function head(name: string) {
    if (!isStoredName(name)) return null;
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  /** The object's body from `range` (`bytes=a-b`) as a Node stream; null when it is not there. */
  async function body(name: string, range?: string): Promise<Readable | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name), Range: range }));
      return object.Body as Readable;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  const removeKeys = (keys: string[]) =>
    Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => undefined)));

  const store: FileStore = {
    location: `s3://${Bucket}/${prefix}`,

    ...storingMethods(put, async (source, name) => {
      assertStoredName(name);
      await putLocalFile(client, Bucket, keyOf(name), source);
      await fs.rm(source, { force: true });
    }),

    exists: async (name) => (await head(name)) !== null,

    async withLocalCopy(name, use) {
      const stream = isStoredName(name) ? await body(name) : null;
      if (!stream) return null;
      const file = temporaryPath(path.extname(name));
      try {
        await pipeline(stream, createWriteStream(file));
        return await use(file);
      } finally {
        await fs.rm(file, { force: true });
      }
    },

    async writeGrowing(name, offset, bytes) {
      assertStoredName(name);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: `${growingPrefix(name)}${String(offset).padStart(15, '0')}`,
          Body: bytes,
          ContentLength: bytes.byteLength,
        }),
      );
    },

    async completeGrowing(name, finish) {
      assertStoredName(name);
      const growing = temporaryPath(path.extname(name));
      const scratch = temporaryPath(path.extname(name));
      try {
        await joinPieces(client, Bucket, await piecesFromStart(client, Bucket, growingPrefix(name)), growing);
        const { keep, result } = await finish(growing, scratch);
        await putLocalFile(client, Bucket, keyOf(name), keep);
        await removeKeys((await listObjects(client, Bucket, growingPrefix(name))).map((piece) => piece.Key!));
        return result;
      } finally {
        await Promise.all([fs.rm(growing, { force: true }), fs.rm(scratch, { force: true })]);
      }
    },

    scratchPath: async () => temporaryPath(),

    async storedBefore(before) {
      const objects = await listObjects(client, Bucket, prefix, '/');
      return objects
        .filter((object) => object.LastModified && object.LastModified < before)
        .map((object) => object.Key!.slice(prefix.length))
        .filter(isOriginalName);
    },

    async storedBytes() {
      const objects = await listObjects(client, Bucket, prefix);
      return objects.reduce((sum, object) => sum + (object.Size ?? 0), 0);
    },

    async remove(names) {
      const stored = [...names].filter((name): name is string => !!name && isStoredName(name));
      const pieces = await Promise.all(stored.map((name) => listObjects(client, Bucket, growingPrefix(name))));
      await removeKeys([...stored.map(keyOf), ...pieces.flat().map((piece) => piece.Key!)]);
    },

    async serve(request, name) {
      const found = await head(name);
      if (!found) return null;
      const size = found.ContentLength ?? 0;
      const served = servedFile(
        request,
        name,
        { size, modified: found.LastModified ?? new Date(0), etag: found.ETag ?? `"${size.toString(16)}"` },
        options,
      );
      if ('response' in served) return served.response;
      const stream = await body(name, `bytes=${served.range.start}-${served.range.end}`);
      if (!stream) return null;
      return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
        status: served.status,
        headers: served.headers,
      });
    },
  };
  return store;
}
