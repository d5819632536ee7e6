import path from 'node:path';
import type { Config } from '../config';
import { createLocalFileStore, type FileStore, type FileStoreOptions } from './fileStore';
import { createS3FileStore } from './s3FileStore';

/** The store of one kind of file: `folder` relative to DATA_DIR, on disk or (S3_BUCKET set) the same prefix in the bucket. */
export function createFileStore(
  config: Pick<Config, 'dataDir' | 's3'>,
  folder: string,
  options: FileStoreOptions = {},
): FileStore {
  return config.s3
    ? createS3FileStore(config.s3, folder, options)
    : createLocalFileStore(path.join(config.dataDir, folder), options);
}
