/**
 * Invite tokens and links (docs/decisions/0040): 32 random bytes, base64url, so guessing one is
 * hopeless; only their SHA-256 is stored. The join page is /join/<token> under PUBLIC_URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { publicUrl, type Config } from '../../infra/config';

const TOKEN_BYTES = 32;
/** What a token looks like; anything else is refused before any look-up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function mintToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function inviteLink(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string): string {
  return publicUrl(config, `/join/${token}`);
}

export function expiryFrom(now: Date, config: Pick<Config, 'INVITE_TTL_HOURS'>): string {
  return new Date(now.getTime() + config.INVITE_TTL_HOURS * 3_600_000).toISOString();
}

/**
 * j•••@example.com: enough for the person to recognise their address, not enough to learn a
 * stranger's from a forwarded or leaked link.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
