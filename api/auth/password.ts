/**
 * Password hashing: argon2id through @node-rs/argon2 (prebuilt, loads on the build machines; see
 * NOTES-ENV.md). Parameters are OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane), written out
 * so a library default changing never silently weakens new hashes.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package declares `Algorithm` as a const enum, which isolatedModules cannot read at run time.
const ARGON2ID_ALGORITHM = 2 as Algorithm.Argon2id;
const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 accepts any length; an upper bound keeps one request from burning seconds of CPU. */
export const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** False (never a throw) for a wrong password or a malformed hash, so callers have one failure path. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a hash of a random password, for e-mails that have no account: the request then
 * costs what a real check costs, so response time does not tell which e-mails are registered.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await dummyHash, password);
  return false;
}
