/**
 * TOTP as authenticator apps expect it (RFC 6238: SHA-1, 6 digits, 30 s) through `otpauth`, and the
 * QR code of its otpauth:// URI through `qrcode`. A code is accepted for the current step and one
 * step either side (clock drift); the caller learns which step matched, so that step can be used
 * only once (used-steps.ts).
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of now whose codes are still taken. */
const DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
export const SECRET_BYTES = 20;

export interface TotpLabel {
  /** Shown in the app above the account: the platform's name. */
  issuer: string;
  /** The account: the person's e-mail. */
  account: string;
}

function totpOf(secret: Buffer, label?: TotpLabel): TOTP {
  return new TOTP({
    issuer: label?.issuer ?? '', label: label?.account ?? '', algorithm: 'SHA1', digits: DIGITS, period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromHex(secret.toString('hex')),
  });
}

export function secretBase32(secret: Buffer): string {
  return Secret.fromHex(secret.toString('hex')).base32;
}

/** The secret an app holds after the key `secretBase32` answered was typed in. */
export function base32Secret(base32: string): Buffer {
  return Buffer.from(Secret.fromBase32(base32).buffer);
}

export function otpauthUri(secret: Buffer, label: TotpLabel): string {
  return totpOf(secret, label).toString();
}

/** The QR code of `uri` as an SVG document (black on white, with the quiet zone scanners need). */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The time step whose code `code` is, within the drift window around `now`; null when it is none of them. */
export function matchingStep(secret: Buffer, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code of the step at `at` (tests, and nothing else, compute codes). */
export function codeAt(secret: Buffer, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}
