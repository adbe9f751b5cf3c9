/**
 * The unsubscribe link of a notification e-mail (docs/decisions/0072): a signed token names the
 * person and one kind of one variant of their notification settings; using it turns that kind's
 * e-mail off through EditNotificationSettings (the same command as the settings page, so audited),
 * with the person as the actor. No session needed: the signature is the proof, and all a token can
 * do is this. Text stays as chosen; the link again changes nothing more.
 */
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/errors';
import { settingsMessages } from '../../domain/user/settings/messages';
import { VARIANT_KINDS } from '../../domain/user/settings/notifications';
import { userAggregate } from '../../domain/user/state';
import type { RequestContext } from '../context';

const tokenInput = z.string().max(400).transform((t) => t.trim());

export async function unsubscribeMutation(ctx: RequestContext, rawToken: string): Promise<{ kind: string; variant: string }> {
  const invalid = () => ValidationError.forField('token', settingsMessages.unsubscribeLinkInvalid);
  const parsed = tokenInput.safeParse(rawToken);
  const claim = parsed.success ? ctx.services.auth.unsubscribe.verify(parsed.data) : null;
  if (!claim || !VARIANT_KINDS[claim.variant].includes(claim.kind)) throw invalid();
  const user = await ctx.loadAggregate(userAggregate, claim.userId);
  if (user.status !== 'registered') throw invalid();
  const current = user.profile[claim.variant] as Record<string, { email: boolean; text: boolean }>;
  const text = current[claim.kind]?.text ?? false;
  if (current[claim.kind]?.email !== false) await ctx.services.auth.unsubscribe.turnEmailOff(claim, text, JSON.stringify(current[claim.kind] ?? null));
  return { kind: claim.kind, variant: claim.variant };
}
