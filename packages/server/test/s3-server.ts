// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types, and the e2e project compiles this file without this folder
/// <reference path="./s3rver.d.ts" />
// An S3-compatible server (s3rver, pure JS) on loopback for the tests of the S3 blob store
// and the worker e2e test: a real S3 protocol peer, its objects in a temp directory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/blobs/s3-settings.ts';

export interface LoopbackS3 {
  settings: S3Settings;
  /** BINLENS_S3_* for a server or worker process using this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

// s3rver accepts these fixed credentials.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startLoopbackS3(bucket = 'binlens-test'): Promise<LoopbackS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'binlens-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { endpoint, bucket, region: 'us-east-1', credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY }, forcePathStyle: true },
    env: {
      BINLENS_S3_ENDPOINT: endpoint,
      BINLENS_S3_BUCKET: bucket,
      BINLENS_S3_REGION: 'us-east-1',
      BINLENS_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      BINLENS_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      BINLENS_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
