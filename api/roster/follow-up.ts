/**
 * sendErrorMessageFollowUpToUser (decision 0049): through the platform's mail path (outbox,
 * delivery at most once), in the person's language, branded with the ecosystem's name and terms.
 */
import { fieldErrorsOf, ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { messageLanguageOf } from '../../domain/message/kinds';
import { followUpParams } from '../../domain/message/templates/follow-up';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { findUser } from '../../projections/users';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { sendMessageFromRequest } from '../messages/send';
import { findDetails } from '../people/details';
import { ecosystemOf } from '../people/target';
import { readEcosystem } from '../tenants/access';
import { accountTarget } from './password';

export async function sendFollowUp(
  ctx: RequestContext, args: { userId: string; ecosystemId?: string | null; message: string; errorMessage?: string | null },
): Promise<{ messageId: string; status: string }> {
  const viewer = requireViewer(ctx);
  const ecosystemId = await ecosystemOf(ctx, args.ecosystemId);
  if (!rosterPolicy(viewer, 'manage', ecosystemId)) throw new ForbiddenError();
  const person = await accountTarget(ctx, args.userId, 'sendFollowUp');
  const details = await findDetails(ctx, person.id);
  if (!details?.memberships.some((m) => m.ecosystemId === ecosystemId)) throw new ForbiddenError();
  const admin = await ctx.read((c) => findUser(c, viewer.userId));
  const parsed = followUpParams.safeParse({
    adminName: admin ? `${admin.preferredName ?? admin.firstName} ${admin.lastName}` : null, note: args.message, errorMessage: args.errorMessage?.trim() || null,
  });
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error.issues, []);
    throw ValidationError.forFields(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === 'note' ? 'message' : k, v])));
  }
  const ecosystem = await readEcosystem(ctx, ecosystemId);
  const sent = await sendMessageFromRequest(ctx, {
    ecosystemId, channel: 'EMAIL', kind: 'ERROR_FOLLOW_UP', language: messageLanguageOf(details.profile.languagePreference),
    to: person.email, recipientUserId: person.id, params: parsed.data,
    brand: { ecosystemName: ecosystem.name, tutorTerm: ecosystem.tutorTerm, tuteeTerm: ecosystem.tuteeTerm, moduleTerm: ecosystem.moduleTerm },
    idempotencyKey: `follow-up/${ctx.newId('message')}`,
  });
  return { messageId: sent.messageId, status: 'QUEUED' };
}
