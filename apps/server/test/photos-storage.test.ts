import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeleteObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createPhotoStore } from '../src/storage/create-photo-store.js';
import { FolderPhotoStore } from '../src/storage/folder-store.js';
import { S3PhotoStore, s3ObjectKey } from '../src/storage/s3-store.js';

describe('photo stores', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds S3 object keys from the prefix and refuses names that are not flat file names', () => {
    expect(s3ObjectKey('', 'a1.jpg')).toBe('a1.jpg');
    expect(s3ObjectKey('photos', 'a1.jpg')).toBe('photos/a1.jpg');
    expect(s3ObjectKey('/photos/', 'a1.jpg')).toBe('photos/a1.jpg');
    expect(() => s3ObjectKey('', '../etc/passwd')).toThrow();
    expect(() => s3ObjectKey('', 'a/b.jpg')).toThrow();
  });

  it('puts and deletes objects in the bucket with long cache headers (fake S3 client)', async () => {
    const sent: (PutObjectCommand | DeleteObjectsCommand)[] = [];
    const config = loadConfig({ S3_BUCKET: 'pics', S3_PREFIX: 'p/', S3_PUBLIC_URL: 'https://cdn.example.com/p' }).s3;
    expect(config).toMatchObject({ bucket: 'pics', publicUrl: 'https://cdn.example.com/p/', region: 'us-east-1' });
    const store = new S3PhotoStore(config!, { send: async (c) => void sent.push(c) });
    await store.put('x.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await store.remove(['x.jpg', 'y.jpg']);
    await store.remove([]);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.input).toMatchObject({
      Bucket: 'pics',
      Key: 'p/x.jpg',
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(sent[1]?.input).toMatchObject({
      Bucket: 'pics',
      Delete: { Objects: [{ Key: 'p/x.jpg' }, { Key: 'p/y.jpg' }] },
    });
  });

  it('chooses S3 only when S3_BUCKET is set, and keeps folder files inside the folder', async () => {
    expect(createPhotoStore(loadConfig({ PHOTO_DIR: dir })).kind).toBe('folder');
    expect(createPhotoStore(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' })).kind).toBe('s3');
    const folder = new FolderPhotoStore(dir);
    await folder.put('a.jpg', Buffer.from('x'), 'image/jpeg');
    expect(readFileSync(path.join(dir, 'a.jpg'), 'utf8')).toBe('x');
    await expect(folder.put('a.jpg', Buffer.from('y'), 'image/jpeg')).rejects.toThrow();
    await expect(folder.put('../b.jpg', Buffer.from('y'), 'image/jpeg')).rejects.toThrow();
    await folder.remove(['a.jpg', 'missing.jpg']);
  });
});
