import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- s3rver ships no type declarations
import S3rver from 's3rver';
import type { S3Config } from '../../server/src/config';

/**
 * A local S3 server (s3rver) on a free port, keeping its objects in a temporary folder removed on
 * close, with one empty bucket; `config` and `env` are the settings pointing the app at it.
 */
export async function startS3rver(bucket = 'linkup-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  // s3rver's built-in account.
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    config,
    env: {
      S3_URL: config.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
