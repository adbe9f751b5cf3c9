/**
 * signUp (docs/decisions/0044): a visitor becomes a person of the ecosystem following its
 * customSignupConfig. The answer is the same whether or not the address already has an account,
 * and so is what the address receives: a message either way (a welcome, or "you already have an
 * account"). The password is checked and hashed in both cases, so the two take comparable time.
 */
import { z } from 'zod';
import { startApplication } from '../../domain/application/handlers';
import { APPLICANT_TYPES, type ApplicantType } from '../../domain/application/events';
import { applicationIdOf } from '../../domain/application/state';
import { messageLanguageOf } from '../../domain/message/kinds';
import { ForbiddenError, IllegalStateError } from '../../domain/shared/errors';
import { emailSchema } from '../../domain/user/commands';
import { emailKey } from '../../domain/user/email/decide';
import { userEmailAggregate } from '../../domain/user/email/state';
import type { EcosystemRoleName } from '../../domain/user/events';
import { grantEcosystemRole, registerUser, reserveUserEmail } from '../../domain/user/handlers';
import { userAggregate } from '../../domain/user/state';
import { USERS_PROJECTION } from '../../projections/users';
import type { SignUpInput } from '../__generated__/resolvers';
import { hashPassword, MAX_PASSWORD_LENGTH } from '../auth/password';
import { assertAcceptablePassword } from '../auth/password-policy';
import type { RequestContext } from '../context';
import { sendMessageFromRequest } from '../messages/send';
import { asNewAccount } from '../request-context';
import { signupApiMessages } from './messages';
import { typedAddress } from '../auth/forms';
import { authMessages } from '../auth/messages';
import { zodMessage } from '../../domain/shared/i18n';
import { singleLineText } from '../../domain/shared/text';
import { fieldMessages } from '../../domain/shared/messages';
import { profileFieldsSchema } from '../../domain/user/profile/fields';
import { brandOf, flowFor, publicUrl, signupEcosystem, type SignupEcosystem } from './options';
import { requestEmailVerification } from '../auth/one-time/verify-email';
import { leadForSignup, markLeadUsed } from './leads';

/** The ecosystem role an applicant holds: tutors are members until approved and given a program to lead. */
export const APPLICANT_ROLE: Record<ApplicantType, EcosystemRoleName> = { TUTOR: 'MEMBER', PARENT: 'PARENT', STUDENT: 'STUDENT' };

/**
 * The form of every field, checked before the ecosystem is looked up, so that a malformed value
 * answers BAD_USER_INPUT on its field whichever ecosystem the page names. The password policy and
 * the ticket, which need more than the form, come after.
 */
const signUpInput = z.object({
  profileId: z.string().min(1, { error: zodMessage(fieldMessages.required({ label: signupApiMessages.ecosystemLabel })) }).max(200).superRefine(singleLineText(signupApiMessages.ecosystemLabel)),
  applicantType: z.enum(APPLICANT_TYPES).default('PARENT'),
  email: typedAddress,
  password: z.string().min(1, { error: zodMessage(authMessages.passwordRequired) }).max(MAX_PASSWORD_LENGTH * 4),
  firstName: profileFieldsSchema.shape.firstName,
  lastName: profileFieldsSchema.shape.lastName,
  ticketId: z.string().max(100).nullish(),
});

/** At most one "you already have an account" message per address and hour, however often someone tries. */
const HOUR_MS = 3_600_000;

export async function signUpMutation(ctx: RequestContext, raw: SignUpInput): Promise<{ accepted: true }> {
  const input = signUpInput.parse(raw);
  const ecosystem = await signupEcosystem(ctx, input.profileId);
  const flow = flowFor(ecosystem.details, input.applicantType);
  if (!flow.open) throw new ForbiddenError(signupApiMessages.closed({ type: input.applicantType }));
  const leadId = await leadForSignup(ctx, input.ticketId, ecosystem.ecosystemId);
  const email = emailSchema.parse(input.email);
  assertAcceptablePassword(input.password, 'input.password', { email });
  const passwordHash = await hashPassword(input.password);
  const holder = await ctx.loadAggregate(userEmailAggregate, emailKey(email));
  const userId = crypto.randomUUID();
  const acting = asNewAccount(ctx, { userId, email });
  if (holder.status === 'reserved') return existingAccount(acting, ecosystem, holder.userId, email);
  try {
    await acting.execute(reserveUserEmail, { email, userId });
  } catch (err) {
    // Someone took the address between the look-up and the reservation: the same answer as above.
    if (err instanceof IllegalStateError && err.conflictType === 'EMAIL_TAKEN') return existingAccount(acting, ecosystem, null, email);
    throw err;
  }
  await acting.execute(registerUser, {
    userId, email, firstName: input.firstName, lastName: input.lastName, preferredName: null, passwordHash, platformAdmin: false,
  });
  await newAccount(acting, ecosystem, { userId, email, type: input.applicantType, language: ctx.locale, leadId });
  if (input.ticketId) await markLeadUsed(acting, input.ticketId, userId);
  return { accepted: true };
}

async function newAccount(ctx: RequestContext, ecosystem: SignupEcosystem, p: { userId: string; email: string; type: ApplicantType; language: 'en' | 'es'; leadId: string | null }): Promise<void> {
  const flow = flowFor(ecosystem.details, p.type);
  const { ecosystemId } = ecosystem;
  await ctx.execute(grantEcosystemRole, {
    userId: p.userId, ecosystemId, role: APPLICANT_ROLE[p.type], programId: null, status: flow.approvalProcessEnabled ? 'APPLIED' : 'ACTIVATED',
  }, { ecosystemId });
  await ctx.execute(startApplication, {
    applicationId: applicationIdOf(ecosystemId, p.userId), ecosystemId, userId: p.userId, applicantType: p.type,
    approvalRequired: flow.approvalProcessEnabled, emailVerificationRequired: flow.emailVerificationEnabled,
    backgroundCheckRequired: flow.backgroundCheckEnabled, leadId: p.leadId,
  }, { ecosystemId, waitFor: [USERS_PROJECTION] });
  // One message either way: the verification link stands in for the welcome where addresses are confirmed.
  if (flow.emailVerificationEnabled) {
    await requestEmailVerification(ctx, { userId: p.userId, ecosystemId, language: p.language, brand: brandOf(ecosystem.details), idempotencyKey: `signup/${p.userId}/verify` });
    return;
  }
  await sendMessageFromRequest(ctx, {
    ecosystemId, channel: 'EMAIL', kind: 'SIGNUP_WELCOME', language: p.language, to: p.email, recipientUserId: p.userId,
    params: { url: publicUrl(ctx, '/login'), role: p.type === 'TUTOR' ? 'tutor' : null, approvalRequired: flow.approvalProcessEnabled },
    brand: brandOf(ecosystem.details), idempotencyKey: `signup/${p.userId}/welcome`,
  });
}

async function existingAccount(ctx: RequestContext, ecosystem: SignupEcosystem, holderId: string | null, email: string): Promise<{ accepted: true }> {
  const holder = holderId ? await ctx.loadAggregate(userAggregate, holderId) : null;
  const language = holder?.status === 'registered' ? messageLanguageOf(holder.profile.languagePreference) : ctx.locale;
  const hour = Math.floor(ctx.services.clock().getTime() / HOUR_MS);
  await sendMessageFromRequest(ctx, {
    ecosystemId: ecosystem.ecosystemId, channel: 'EMAIL', kind: 'SIGNUP_EXISTING_ACCOUNT', language, to: email, recipientUserId: holderId,
    params: { url: publicUrl(ctx, '/login'), resetUrl: publicUrl(ctx, '/forgot-password') },
    brand: brandOf(ecosystem.details), idempotencyKey: `signup-existing/${emailKey(email)}/${hour}`,
  });
  return { accepted: true };
}
