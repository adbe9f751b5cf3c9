/**
 * Sealing of second-factor secrets at rest (docs/decisions/0039): AES-256-GCM under a key derived
 * from the platform's MFA key (`mfaSecretKey` in DATA_DIR/secrets.json, or MFA_SECRET_KEY), with
 * the user id as associated data, so a sealed secret copied into another person's stream does not
 * open. Recovery codes are hashed with HMAC-SHA-256 under a second derived key: a leaked event log
 * gives neither secrets nor codes without the key. The `v1.` prefix names the key's version, for a
 * later rotation.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `tutoring-platform/mfa/${purpose}`, 32));
}

export class SecretBox {
  private readonly sealKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('The MFA key must be at least 32 characters long');
    this.sealKey = derive(secret, 'seal');
    this.hashKey = derive(secret, 'hash');
  }

  seal(plain: Buffer, userId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(userId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** The plain secret; throws when the text was altered, sealed for someone else, or under another key. */
  open(sealed: string, userId: string): Buffer {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !ciphertext) throw new Error('Unknown sealed-secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  }

  /** Keyed digest (hex) of `text` for `purpose`: what the stream keeps of a recovery code. */
  digest(purpose: string, text: string): string {
    return createHmac('sha256', this.hashKey).update(`${purpose}\n${text}`, 'utf8').digest('hex');
  }

  /** `bytes` bytes determined by `seed` under the key: unguessable without it, the same for the same seed. */
  derivedBytes(seed: string, bytes: number): Buffer {
    return Buffer.from(hkdfSync('sha256', this.hashKey, Buffer.alloc(0), `derived\n${seed}`, bytes));
  }
}
