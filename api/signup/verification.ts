/**
 * E-mail verification for sign-up (docs/decisions/0042, 0044): where the ecosystem's
 * customSignupConfig asks for it, sign-up mails a VERIFY_EMAIL link instead of the welcome, and
 * the application can be submitted only once the address is confirmed. Whether it is comes from
 * the user's stream, which is never behind (the link may have been used a moment ago).
 */
import { userAggregate } from '../../domain/user/state';
import type { RequestContext } from '../context';

export async function emailVerified(ctx: RequestContext, userId: string): Promise<boolean> {
  const user = await ctx.loadAggregate(userAggregate, userId);
  return user.status === 'registered' && user.emailVerified;
}
