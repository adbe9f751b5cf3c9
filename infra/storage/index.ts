/** The file storage the configuration asks for: S3-compatible when S3_BUCKET is set, else DATA_DIR/files (decision 0051). */
import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage } from './local';
import type { FileStorage } from './port';
import { S3Storage } from './s3';

export type { FileStorage, StoredFile } from './port';

export function fileStorageFor(config: Pick<Config, 'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>): FileStorage {
  if (!config.S3_BUCKET) return new LocalDiskStorage(path.join(config.DATA_DIR, 'files'));
  return new S3Storage({
    bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT, forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}
