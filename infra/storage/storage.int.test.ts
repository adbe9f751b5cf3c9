/**
 * One contract for both file storages (docs/decisions/0051): the local disk under a temporary
 * folder, and the S3 adapter against a local S3-protocol server (s3rver) started here.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../tests/setup/s3rver';
import { fileStorageFor } from './index';
import { LocalDiskStorage } from './local';
import type { FileStorage } from './port';
import { S3Storage } from './s3';

const BYTES = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0, 255]);

function contract(name: string, storage: () => FileStorage) {
  describe(`${name} storage`, () => {
    it('gives back exactly what was put, with its type, and null once deleted or never there', async () => {
      const s = storage();
      await s.put('pictures/abc-123.webp', BYTES, 'image/webp');
      expect(await s.get('pictures/abc-123.webp')).toEqual({ body: BYTES, contentType: 'image/webp' });
      await s.put('pictures/abc-123.webp', Buffer.from('RIFF'), 'image/webp');
      expect((await s.get('pictures/abc-123.webp'))?.body.toString()).toBe('RIFF');
      await s.delete('pictures/abc-123.webp');
      expect(await s.get('pictures/abc-123.webp')).toBeNull();
      expect(await s.get('pictures/never.webp')).toBeNull();
      await s.delete('pictures/never.webp');
    });

    it('refuses keys that are not ours before touching anything', async () => {
      const s = storage();
      for (const key of ['../secrets.json', '/etc/passwd', 'pictures/../../x.webp', 'Pictures/A.webp', 'pictures/a', 'a b.webp', '']) {
        await expect(s.put(key, BYTES, 'image/webp'), key).rejects.toThrow('invalid storage key');
        await expect(s.get(key), key).rejects.toThrow('invalid storage key');
      }
    });
  });
}

let root: string;
let s3: LocalS3;
let s3Storage: S3Storage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'files-'));
  s3 = await startLocalS3();
  s3Storage = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
});
afterAll(async () => {
  s3Storage?.close();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

contract('local disk', () => new LocalDiskStorage(root));
contract('S3', () => s3Storage);

describe('local disk storage', () => {
  it('leaves no temporary file behind and writes files only its owner reads', async () => {
    const s = new LocalDiskStorage(root);
    await s.put('pictures/kept.webp', BYTES, 'image/webp');
    expect(await readdir(path.join(root, 'pictures'))).toEqual(['kept.webp']);
    const { stat } = await import('node:fs/promises');
    expect((await stat(path.join(root, 'pictures', 'kept.webp'))).mode & 0o077).toBe(0);
  });
});

describe('fileStorageFor', () => {
  it('chooses the disk under DATA_DIR by default and the bucket when S3_BUCKET is set', async () => {
    const base = { DATA_DIR: root, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true' as const };
    expect(fileStorageFor(base)).toBeInstanceOf(LocalDiskStorage);
    const configured = fileStorageFor({ ...base, S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey });
    expect(configured).toBeInstanceOf(S3Storage);
    await configured.put('pictures/configured.webp', BYTES, 'image/webp');
    expect((await s3Storage.get('pictures/configured.webp'))?.body).toEqual(BYTES);
    (configured as S3Storage).close();
  });
});
