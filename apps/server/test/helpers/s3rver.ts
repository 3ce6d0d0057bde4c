import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

/** The part of s3rver (a local S3-compatible server, npm) the tests use; the package ships no types. */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver accepts any key pair; the SDK signs every request with it as it does for a real service. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A running local S3-compatible server with its buckets, and an SDK client for assertions. */
export interface LocalS3 {
  /** http://127.0.0.1:<port> */
  url: string;
  client: S3Client;
  /** The S3_* variables of the server's config for `bucket` and `prefix`; S3_PUBLIC_URL is the bucket's path-style URL. */
  env(bucket: string, prefix: string): Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (random port, a temporary folder) with `buckets`. */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const url = `http://127.0.0.1:${(await server.run()).port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: url,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  return {
    url,
    client,
    env: (bucket, prefix) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: url,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_PREFIX: prefix,
      S3_PUBLIC_URL: `${url}/${bucket}/${prefix}`,
    }),
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
