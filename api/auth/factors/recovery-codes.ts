/**
 * Recovery codes (docs/decisions/0039): ten codes of ten base-32 characters (50 bits each), shown
 * once as `xxxxx-xxxxx` and kept only as keyed hashes. The codes of one confirmation are derived
 * from a seed (the mutation's idempotency-derived id) under the MFA key, so a repeated request
 * shows the same codes the first one did, and nobody without the key can compute them.
 */
import type { SecretBox } from './secret-box';

export const RECOVERY_CODE_COUNT = 10;
const CODE_LENGTH = 10;
/** Crockford's base 32: no i, l, o or u, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < CODE_LENGTH) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    // Keep only the bits not yet written, so the number never outgrows 32 bits.
    value &= (1 << bits) - 1;
  }
  return out;
}

export function recoveryCodesFor(box: SecretBox, seed: string): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, (_, i) => {
    const code = encode(box.derivedBytes(`recovery-code\n${seed}\n${i}`, 7));
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * The code as typed, reduced to its ten characters: case, spaces and dashes do not matter, and the
 * letters people confuse with digits (o, i, l) read as the digits. Null when it cannot be a code.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return plain.length === CODE_LENGTH && [...plain].every((c) => ALPHABET.includes(c)) ? plain : null;
}

export function recoveryCodeHash(box: SecretBox, userId: string, normalised: string): string {
  return box.digest(`recovery-code\n${userId}`, normalised);
}
