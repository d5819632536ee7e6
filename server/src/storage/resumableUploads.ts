import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { FileStore as TusFileStore } from '@tus/file-store';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Config, S3Config } from '../config';
import type { FileStore } from './fileStore';
import { isMissingObject, joinPieces, listObjects, piecesFromStart, putLocalFile, s3Client, temporaryPath } from './s3FileStore';

/** Where unfinished resumable (tus) uploads are kept: `uploads/tus` under DATA_DIR, or that prefix in the bucket. */
const UPLOADS_FOLDER = 'uploads/tus';

/** A finished resumable upload, wherever its bytes are, until it is moved into a file store or discarded. */
export type FinishedUpload = {
  /** Its first `length` bytes (content checks). */
  leadingBytes(length: number): Promise<Uint8Array>;
  /** Moves it into `store` under a new generated name with `extension`; returns the name. */
  moveInto(store: FileStore, extension: string): Promise<string>;
  /** Removes whatever is left of it (and the upload's own record). */
  discard(): Promise<void>;
};

export type ResumableUploads = { datastore: DataStore; finished(upload: Upload): FinishedUpload };

/**
 * The tus datastore for the configured storage. On disk, @tus/file-store; with a bucket, our
 * S3ChunkStore, so an upload started through one server process resumes through another.
 * (@tus/s3-store needs ListParts and the multipart-upload listing, which s3rver, the S3 server
 * of our tests, does not implement; the chunk store uses plain object calls every S3 server has.)
 */
export function createResumableUploads(config: Pick<Config, 'dataDir' | 's3'>, expirationMs: number): ResumableUploads {
  if (config.s3) {
    const datastore = new S3ChunkStore(config.s3, `${UPLOADS_FOLDER}/`, expirationMs);
    return { datastore, finished: (upload) => datastore.finished(upload) };
  }
  const datastore = new TusFileStore({
    directory: path.join(config.dataDir, UPLOADS_FOLDER),
    expirationPeriodInMilliseconds: expirationMs,
  });
  return {
    datastore,
    finished(upload) {
      const file = path.join(datastore.directory, upload.id);
      return {
        async leadingBytes(length) {
          const handle = await fs.open(file, 'r');
          try {
            const buffer = new Uint8Array(length);
            const { bytesRead } = await handle.read(buffer, 0, length, 0);
            return buffer.subarray(0, bytesRead);
          } finally {
            await handle.close();
          }
        },
        moveInto: (store, extension) => store.adopt(file, extension),
        async discard() {
          await fs.rm(file, { force: true });
          await datastore.configstore.delete(upload.id).catch(() => undefined);
        },
      };
    },
  };
}

type UploadInfo = { size?: number; metadata?: Upload['metadata']; creation_date?: string };

/**
 * A tus datastore in an S3 bucket: each upload is `<prefix><id>/info` (its size and metadata) and
 * one object per piece received, `<prefix><id>/<offset>` (S3 objects cannot be appended to). What
 * arrived is the chain of pieces from offset 0, so any process finds where to resume. A piece is
 * spooled to a temporary file first: a dropped connection keeps the bytes that arrived.
 */
export class S3ChunkStore extends DataStore {
  private readonly client;

  constructor(
    private readonly config: S3Config,
    private readonly prefix: string,
    private readonly expirationMs: number,
  ) {
    super();
    this.client = s3Client(config);
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private infoKey = (id: string) => `${this.prefix}${id}/info`;
  private pieceKey = (id: string, offset: number) => `${this.prefix}${id}/${String(offset).padStart(15, '0')}`;

  private async info(id: string): Promise<UploadInfo> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.infoKey(id) }));
      return JSON.parse(await object.Body!.transformToString()) as UploadInfo;
    } catch (error) {
      if (isMissingObject(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
  }

  private async saveInfo(id: string, info: UploadInfo) {
    const Body = JSON.stringify(info);
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.infoKey(id), Body }));
  }

  private pieces = (id: string) => piecesFromStart(this.client, this.config.bucket, `${this.prefix}${id}/`);

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date = upload.creation_date ?? new Date().toISOString();
    await this.saveInfo(upload.id, { size: upload.size, metadata: upload.metadata, creation_date: upload.creation_date });
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const spool = temporaryPath();
    try {
      let failure: unknown = null;
      await pipeline(stream, createWriteStream(spool)).catch((error: unknown) => (failure = error));
      const { size } = await fs.stat(spool).catch(() => ({ size: 0 }));
      if (size > 0) await putLocalFile(this.client, this.config.bucket, this.pieceKey(id, offset), spool);
      if (failure) throw ERRORS.FILE_WRITE_ERROR;
      return offset + size;
    } finally {
      await fs.rm(spool, { force: true });
    }
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    const pieces = await this.pieces(id);
    const offset = pieces.reduce((sum, piece) => sum + piece.size, 0);
    return new Upload({ id, size: info.size, offset, metadata: info.metadata, creation_date: info.creation_date });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.saveInfo(id, { ...(await this.info(id)), size: length });
  }

  override async remove(id: string): Promise<void> {
    await this.info(id);
    await this.removeObjects(id);
  }

  private async removeObjects(id: string) {
    const objects = await listObjects(this.client, this.config.bucket, `${this.prefix}${id}/`);
    await Promise.all(
      objects.map((object) => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: object.Key }))),
    );
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  /** Uploads whose last piece (or creation) is older than the expiration period are removed. */
  override async deleteExpired(): Promise<number> {
    const objects = await listObjects(this.client, this.config.bucket, this.prefix);
    const latest = new Map<string, number>();
    for (const object of objects) {
      const id = object.Key!.slice(this.prefix.length).split('/')[0]!;
      latest.set(id, Math.max(latest.get(id) ?? 0, object.LastModified?.getTime() ?? 0));
    }
    const expired = [...latest].filter(([, time]) => time < Date.now() - this.expirationMs).map(([id]) => id);
    await Promise.all(expired.map((id) => this.removeObjects(id)));
    return expired.length;
  }

  finished(upload: Upload): FinishedUpload {
    /** The pieces joined into one local file (a file store takes in local files). */
    const joined = async (file: string, limit?: number) =>
      joinPieces(this.client, this.config.bucket, await this.pieces(upload.id), file, limit);
    return {
      async leadingBytes(length) {
        const file = temporaryPath();
        try {
          await joined(file, length);
          return new Uint8Array(await fs.readFile(file));
        } finally {
          await fs.rm(file, { force: true });
        }
      },
      async moveInto(store, extension) {
        const file = temporaryPath(extension);
        try {
          await joined(file);
          return await store.adopt(file, extension);
        } finally {
          await fs.rm(file, { force: true });
        }
      },
      // Pieces a failed removal leaves behind go with the expired uploads.
      discard: () => this.removeObjects(upload.id).catch(() => undefined),
    };
  }
}
