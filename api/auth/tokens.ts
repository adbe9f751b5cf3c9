/**
 * Signed tokens (HS256, jose). Two kinds, told apart by audience so one can never stand in for the
 * other: access tokens (`aud: api`, short-lived) and user-id tokens (`aud: mfa`, minutes-long,
 * naming the user between the password and the MFA step).
 *
 * An access token carries what a request needs to know who is asking (docs/decisions/0023):
 * `sub` = user id, `sid` = the refresh-token family (session) it came from, `eml` = e-mail,
 * `adm` = platform admin, `rv` = roles version, `rol` = the roles as `[ecosystemId, role]` or
 * `[ecosystemId, role, programId]`. `rol` is left out when the user holds more than MAX_TOKEN_ROLES,
 * which keeps every token small; the server then loads the roles once into its cache.
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { grantableRoleSchema } from '../../domain/user/events';
import type { ViewerRole } from '../context';

const ISSUER = 'tutoring-platform';
const ACCESS_AUDIENCE = 'api';
const MFA_AUDIENCE = 'mfa';
export const USER_ID_TOKEN_TTL_SECONDS = 300;
/** Roles carried in a token at most (about 120 bytes each once encoded, so a token stays under 2 KB). */
export const MAX_TOKEN_ROLES = 12;
/**
 * Access tokens whose signature and claims were checked, kept with their expiry so the next request
 * with the same token skips the HMAC and the claims' parsing (docs/decisions/0032). A token's
 * content cannot change, so the first check holds until it expires; revocation and roles are still
 * checked per request (api/auth/authenticate.ts). About 1 KB each.
 */
const VERIFIED_TOKENS = 5_000;

/** Who the token's user is, as of its issue. */
export interface TokenAccount {
  email: string;
  platformAdmin: boolean;
  rolesVersion: number;
  /** Null when the user held more than MAX_TOKEN_ROLES roles: load them. */
  roles: ViewerRole[] | null;
}

export interface AccessClaims {
  userId: string;
  /** Refresh-token family the token belongs to. */
  sessionId: string;
  /** Null for a token without account claims (issued before decision 0023): load the account. */
  account: TokenAccount | null;
}

const roleClaim = z.union([z.tuple([z.uuid(), grantableRoleSchema]), z.tuple([z.uuid(), grantableRoleSchema, z.uuid()])]);
const accountClaims = z.object({
  eml: z.string(),
  adm: z.boolean(),
  rv: z.number().int().min(0),
  rol: z.array(roleClaim).max(MAX_TOKEN_ROLES).optional(),
});

export function encodeRoles(roles: readonly ViewerRole[]): Array<[string, string] | [string, string, string]> | undefined {
  if (roles.length > MAX_TOKEN_ROLES) return undefined;
  return roles.map((r) => (r.programId ? [r.ecosystemId, r.role, r.programId] : [r.ecosystemId, r.role]));
}

function accountOf(payload: JWTPayload): TokenAccount | null {
  const parsed = accountClaims.safeParse(payload);
  if (!parsed.success) return null;
  const { eml, adm, rv, rol } = parsed.data;
  const roles = rol?.map(([ecosystemId, role, programId]) => ({ ecosystemId, role, programId: programId ?? null })) ?? null;
  return { email: eml, platformAdmin: adm, rolesVersion: rv, roles };
}

interface Verified {
  claims: AccessClaims;
  /** The token's `exp`, seconds since the epoch. */
  exp: number;
  /** When it was checked, seconds since the epoch. */
  checkedAt: number;
}

function freezeClaims(claims: AccessClaims): AccessClaims {
  if (claims.account?.roles) for (const r of claims.account.roles) Object.freeze(r);
  if (claims.account) Object.freeze(claims.account.roles);
  Object.freeze(claims.account);
  return Object.freeze(claims);
}

export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly verified = new LRUCache<string, Verified>({ max: VERIFIED_TOKENS });

  constructor(secret: string, private readonly accessTtlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * An access token for `claims`, valid for the configured lifetime but never past `notAfter`
   * (the session's absolute expiry), so no request needs to look that up either.
   */
  signAccessToken(claims: { userId: string; sessionId: string; account: TokenAccount }, now: Date, notAfter: Date): Promise<string> {
    const { account } = claims;
    const rol = account.roles ? encodeRoles(account.roles) : undefined;
    const body = { sid: claims.sessionId, eml: account.email, adm: account.platformAdmin, rv: account.rolesVersion, ...(rol ? { rol } : {}) };
    const iat = Math.floor(now.getTime() / 1000);
    const exp = Math.min(iat + this.accessTtlSeconds, Math.floor(notAfter.getTime() / 1000));
    return this.sign(body, claims.userId, ACCESS_AUDIENCE, iat, exp);
  }

  signUserIdToken(userId: string, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return this.sign({}, userId, MFA_AUDIENCE, iat, iat + USER_ID_TOKEN_TTL_SECONDS);
  }

  /** The claims of a valid access token; null when forged, expired, of another kind or malformed. */
  async verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null> {
    const seconds = Math.floor(now.getTime() / 1000);
    const known = this.verified.get(token);
    // Unexpired as jose judges it (exp > now, no tolerance). A clock set back before the first check
    // (tests' clocks) or an expired token takes the full check, which decides.
    if (known && known.exp > seconds && seconds >= known.checkedAt) return known.claims;
    const payload = await this.verify(token, ACCESS_AUDIENCE, now);
    if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    const claims = freezeClaims({ userId: payload.sub, sessionId: payload.sid, account: accountOf(payload) });
    this.verified.set(token, { claims, exp: payload.exp, checkedAt: seconds });
    return claims;
  }

  async verifyUserIdToken(token: string, now: Date): Promise<string | null> {
    const sub = (await this.verify(token, MFA_AUDIENCE, now))?.sub;
    return typeof sub === 'string' ? sub : null;
  }

  private sign(claims: JWTPayload, subject: string, audience: string, iat: number, exp: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
  }

  private async verify(token: string, audience: string, now: Date): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'], issuer: ISSUER, audience, currentDate: now, requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (err) {
      // Every JOSE failure (bad signature, expiry, wrong audience, garbage) just means "not a valid token".
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
