/**
 * An admin's change of another person's e-mail address or phone number (decision 0049). The
 * account policy decides (an admin over every ecosystem of the person). An e-mail stays unique:
 * the new address is reserved first (CONFLICT when someone has it, before anything is written),
 * then the account moves to it, then the old one is freed. The person is told, masked, at the
 * old and the new address, in their language.
 */
import { ValidationError } from '../../domain/shared/errors';
import { fieldMessages } from '../../domain/shared/messages';
import { profileLabels } from '../../domain/user/profile/labels';
import { emailSchema } from '../../domain/user/commands';
import { changeEmail, editProfile, releaseUserEmail, reserveUserEmail } from '../../domain/user/handlers';
import { messageLanguageOf } from '../../domain/message/kinds';
import { ROSTER_PROJECTION } from '../../projections/roster';
import { findUser, USERS_PROJECTION, type UserRow } from '../../projections/users';
import type { RequestContext } from '../context';
import { sendMessageFromRequest } from '../messages/send';
import { findDetails } from '../people/details';
import { ecosystemOf } from '../people/target';
import { readEcosystem } from '../tenants/access';
import { accountTarget } from './password';
import type { BrandInput } from '../../domain/message/templates';
import { userMessages } from '../../domain/user/messages';

const waitFor = [USERS_PROJECTION, ROSTER_PROJECTION];

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function maskPhone(digits: string): string {
  return `(•••) •••-${digits.slice(-4)}`;
}

interface Sender { ecosystemId: string | null; brand: BrandInput }

/** Whose name the message bears: the named or browsed ecosystem, else the platform's. Read before anything is written. */
async function senderOf(ctx: RequestContext, ecosystemValue: string | null | undefined): Promise<Sender> {
  if (!ecosystemValue && !ctx.headers.ecosystemProfileId) return { ecosystemId: null, brand: {} };
  const ecosystem = await readEcosystem(ctx, await ecosystemOf(ctx, ecosystemValue));
  return { ecosystemId: ecosystem.id, brand: { ecosystemName: ecosystem.name, tutorTerm: ecosystem.tutorTerm, tuteeTerm: ecosystem.tuteeTerm, moduleTerm: ecosystem.moduleTerm } };
}

async function tell(ctx: RequestContext, sender: Sender, person: UserRow, to: string[], field: 'email' | 'phone', maskedValue: string): Promise<void> {
  const { ecosystemId, brand } = sender;
  const details = await findDetails(ctx, person.id);
  for (const [i, address] of to.entries()) {
    await sendMessageFromRequest(ctx, {
      ecosystemId, channel: 'EMAIL', kind: 'CONTACT_CHANGED', language: messageLanguageOf(details?.profile.languagePreference), to: address,
      recipientUserId: person.id, params: { field, maskedValue },
      brand,
      idempotencyKey: `contact-changed/${ctx.newId('message')}/${i}`,
    });
  }
}

async function reread(ctx: RequestContext, userId: string): Promise<UserRow> {
  const row = await ctx.read((c) => findUser(c, userId));
  if (!row) throw new Error(`user ${userId} vanished from the users read model`);
  return row;
}

export async function adminSaveEmail(ctx: RequestContext, args: { userId: string; ecosystemId?: string | null; email: string }): Promise<UserRow> {
  const person = await accountTarget(ctx, args.userId, 'setContact');
  const sender = await senderOf(ctx, args.ecosystemId);
  const parsed = emailSchema.safeParse(args.email);
  if (!parsed.success) throw ValidationError.forField('email', userMessages.invalidEmail);
  const email = parsed.data;
  if (email === person.email) return person;
  await ctx.execute(reserveUserEmail, { email, userId: person.id });
  await ctx.execute(changeEmail, { userId: person.id, email }, { waitFor });
  await ctx.execute(releaseUserEmail, { email: person.email, userId: person.id });
  await tell(ctx, sender, person, [person.email, email], 'email', maskEmail(email));
  return reread(ctx, person.id);
}

export async function adminSavePhone(ctx: RequestContext, args: { userId: string; ecosystemId?: string | null; phoneNumber: string }): Promise<UserRow> {
  // Saving a phone number sets one: the profile may have none, but an admin's save of nothing is a mistake, not a removal.
  if (args.phoneNumber.trim() === '') throw ValidationError.forField('phoneNumber', fieldMessages.required({ label: profileLabels.phoneNumber }));
  const person = await accountTarget(ctx, args.userId, 'setContact');
  const sender = await senderOf(ctx, args.ecosystemId);
  try {
    await ctx.execute(editProfile, { userId: person.id, changes: { phoneNumber: args.phoneNumber } }, { waitFor });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError(err.userMessage, Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k === 'changes.phoneNumber' ? 'phoneNumber' : k, v])));
  }
  const details = await findDetails(ctx, person.id);
  await tell(ctx, sender, person, [person.email], 'phone', maskPhone(String(details?.profile.phoneNumber ?? '')));
  return reread(ctx, person.id);
}
