/**
 * File storage in an S3-compatible bucket through the AWS SDK v3 (AWS S3, MinIO, Cloudflare R2,
 * and in tests s3rver). A path-style endpoint suits the self-hosted ones. The SDK's own
 * credential chain applies when no key is configured (an instance role on AWS).
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { checkKey, type FileStorage, type StoredFile } from './port';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

function isNotFound(err: unknown): boolean {
  return err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}

export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = settings;
    this.client = new S3Client({
      region, endpoint, forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // Checksums only where S3 requires them: the SDK's default trailing CRC32 (aws-chunked bodies)
      // is not understood by every S3-compatible server, which would then store the chunk framing.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key), Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      if (!res.Body) return null;
      return { body: Buffer.from(await res.Body.transformToByteArray()), contentType: res.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  /** Lets go of the client's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
