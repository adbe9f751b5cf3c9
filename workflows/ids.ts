/**
 * Name-based ids (RFC 4122 version 5, SHA-1). A retried activity must send the same command
 * with the same id and create the same program id, so every id an activity makes is derived
 * from the job id and the step, never drawn at random.
 */
import { createHash } from 'node:crypto';

/** A fixed namespace for this platform's derived ids. */
const NAMESPACE = Buffer.from('6f1c3a52b8e44f0f9a7d2c5e8b1f4a63', 'hex');

export function deterministicUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  const bytes = Buffer.from(hash.subarray(0, 16));
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The command id of one step of one job. */
export function stepCommandId(jobId: string, step: string): string {
  return deterministicUuid(`batch-job/${jobId}/${step}`);
}
