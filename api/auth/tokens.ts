/**
 * Signed tokens (HS256, jose). Two kinds, told apart by audience so one can never stand in for the
 * other: access tokens (`aud: api`, short-lived, `sub` = user id, `sid` = the refresh-token family
 * they came from, so logging out or a detected reuse ends them too) and user-id tokens
 * (`aud: mfa`, minutes-long, naming the user between the password and the MFA step).
 */
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'tutoring-platform';
const ACCESS_AUDIENCE = 'api';
const MFA_AUDIENCE = 'mfa';
export const USER_ID_TOKEN_TTL_SECONDS = 300;

export interface AccessClaims {
  userId: string;
  /** Refresh-token family the token belongs to. */
  sessionId: string;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly accessTtlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccessToken(claims: AccessClaims, now: Date): Promise<string> {
    return this.sign({ sid: claims.sessionId }, claims.userId, ACCESS_AUDIENCE, now, this.accessTtlSeconds);
  }

  signUserIdToken(userId: string, now: Date): Promise<string> {
    return this.sign({}, userId, MFA_AUDIENCE, now, USER_ID_TOKEN_TTL_SECONDS);
  }

  /** The claims of a valid access token; null when forged, expired, of another kind or malformed. */
  async verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null> {
    const payload = await this.verify(token, ACCESS_AUDIENCE, now);
    if (!payload || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  }

  async verifyUserIdToken(token: string, now: Date): Promise<string | null> {
    return (await this.verify(token, MFA_AUDIENCE, now))?.sub ?? null;
  }

  private sign(claims: Record<string, string>, subject: string, audience: string, now: Date, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  private async verify(token: string, audience: string, now: Date): Promise<{ sub: string; sid?: unknown } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'], issuer: ISSUER, audience, currentDate: now, requiredClaims: ['sub', 'exp', 'iat'],
      });
      return typeof payload.sub === 'string' ? { sub: payload.sub, sid: payload.sid } : null;
    } catch (err) {
      // Every JOSE failure (bad signature, expiry, wrong audience, garbage) just means "not a valid token".
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
