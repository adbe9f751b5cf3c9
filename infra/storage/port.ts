/**
 * File storage behind one port (docs/decisions/0051): local disk under DATA_DIR by default, an
 * S3-compatible bucket when S3_BUCKET is set. Keys are the platform's own (never a client's file
 * name): lower-case segments of letters, digits and dashes, one dot before the extension.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  /** Writes the whole file or nothing: a reader never sees half a file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*\.[a-z0-9]{2,5}$/;

/** Refuses anything that is not a key of ours (no `..`, no absolute path, no upper case), before any adapter touches it. */
export function checkKey(key: string): string {
  if (key.length > 200 || !KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}
