import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { isPhotoName, isPrivatePhotoName } from './photo-names.js';
import type { PhotoStore } from './photo-store.js';

/** Object key of a photo name: the configured prefix plus the name ('photos/' + 'ab12.jpg'). */
export function s3ObjectKey(prefix: string, name: string): string {
  if (!isPhotoName(name)) throw new Error(`bad photo name: ${name}`);
  const clean = prefix.replace(/^\/+/, '');
  return clean === '' || clean.endsWith('/') ? `${clean}${name}` : `${clean}/${name}`;
}

/** The subset of S3Client the store uses, so tests can hand in a fake. */
export interface S3Sender {
  send(command: PutObjectCommand | DeleteObjectsCommand | GetObjectCommand): Promise<unknown>;
}

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...). The bucket (or a CDN in
 * front of it) serves them at S3_PUBLIC_URL, which the sites use as cdn_prefix.
 */
export class S3PhotoStore implements PhotoStore {
  readonly kind = 's3';
  private readonly client: S3Sender;

  constructor(
    private readonly config: S3Config,
    client?: S3Sender,
  ) {
    this.client = client ?? s3Client(config);
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: s3ObjectKey(this.config.prefix, name),
        Body: data,
        ContentType: contentType,
        // Private photos' objects (under private/) are read by the app only; the bucket policy must not publish that prefix.
        CacheControl: isPrivatePhotoName(name) ? 'private, no-store' : 'public, max-age=31536000, immutable',
      }),
    );
  }

  async read(name: string): Promise<Buffer | null> {
    try {
      const res = (await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: s3ObjectKey(this.config.prefix, name) }),
      )) as { Body?: { transformToByteArray(): Promise<Uint8Array> } };
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async remove(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.config.bucket,
        Delete: { Objects: names.map((name) => ({ Key: s3ObjectKey(this.config.prefix, name) })), Quiet: true },
      }),
    );
  }
}

/** The S3 client of the configured bucket: region, endpoint (path-style when set: MinIO and most
 * self-hosted services want it) and the access key when one is given. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}
