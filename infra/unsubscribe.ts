/**
 * Unsubscribe links (docs/decisions/0072): a token names one person, one preference kind of one
 * variant, and is signed with a key derived from the platform's JWT secret (HMAC-SHA256), so it
 * works without logging in and cannot be forged or pointed at someone else. It does not expire: a
 * mail read months later must still be able to turn its kind off, and all it can do is that.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const claimSchema = z.object({
  u: z.uuid(),
  v: z.enum(['notificationPreference', 'staffNotificationPreference', 'parentNotificationPreference']),
  k: z.string().regex(/^[A-Z_]{1,40}$/),
}).strict();

export interface UnsubscribeClaim {
  userId: string;
  variant: 'notificationPreference' | 'staffNotificationPreference' | 'parentNotificationPreference';
  kind: string;
}

export interface UnsubscribeTokens {
  sign(claim: UnsubscribeClaim): string;
  /** The claim of a genuine token, else null (tampered, truncated, another platform's). */
  verify(token: string): UnsubscribeClaim | null;
}

export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update('unsubscribe/v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 18);
  return {
    sign({ userId, variant, kind }) {
      const payload = Buffer.from(JSON.stringify({ u: userId, v: variant, k: kind })).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      if (token.length > 400) return null;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const wanted = mac(payload);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
      try {
        const parsed = claimSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        return parsed.success ? { userId: parsed.data.u, variant: parsed.data.v, kind: parsed.data.k } : null;
      } catch {
        return null;
      }
    },
  };
}

/** The web app's page for a token. */
export function unsubscribePath(token: string): string {
  return `/unsubscribe/${encodeURIComponent(token)}`;
}
