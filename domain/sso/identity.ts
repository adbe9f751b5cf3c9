/**
 * A linked sign-in identity: its state, decisions and command handlers (docs/decisions/0046).
 * Linking is done by the platform after a provider's proof (actor SYSTEM) or by the person; only
 * the person (or a platform admin) removes a link.
 */
import { z } from 'zod';
import type { Aggregate, CommandContext, CommandHandler } from '../shared/decider';
import { ForbiddenError, IllegalStateError } from '../shared/errors';
import { sha256Hex } from '../user/sha256';
import { ssoIdentityEventSchemas, ssoIdentityLinkedSchema, type SsoIdentityEvent } from './identity-events';
import { ssoMessages } from './messages';
import { ssoProviderSchema, type SsoProvider } from './providers';

export type SsoIdentityState =
  | { status: 'free' }
  | { status: 'linked'; userId: string; provider: SsoProvider; issuer: string; subject: string; ecosystemId: string };

export function evolve(state: SsoIdentityState, event: SsoIdentityEvent): SsoIdentityState {
  switch (event.type) {
    case 'SsoIdentityLinked': {
      const { userId, provider, issuer, subject, ecosystemId } = event.data;
      return { status: 'linked', userId, provider, issuer, subject, ecosystemId };
    }
    case 'SsoIdentityUnlinked':
      return { status: 'free' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** `ssoidentity`, one word: the category is the stream name up to its first dash. */
export const ssoIdentityAggregate: Aggregate<SsoIdentityState, SsoIdentityEvent> = {
  category: 'ssoidentity',
  initialState: { status: 'free' },
  evolve,
  eventSchemas: ssoIdentityEventSchemas,
};

/** The stream id of one provider account; hashed so that no subject or issuer appears in stream names. */
export function identityKey(provider: SsoProvider, issuer: string, subject: string): string {
  return sha256Hex(`${provider}\n${issuer}\n${subject}`);
}

export const linkSsoIdentityInput = ssoIdentityLinkedSchema;
export type LinkSsoIdentityInput = z.infer<typeof linkSsoIdentityInput>;
export const unlinkSsoIdentityInput = z.object({ userId: z.uuid(), provider: ssoProviderSchema, issuer: z.string().min(1), subject: z.string().min(1) });
export type UnlinkSsoIdentityInput = z.infer<typeof unlinkSsoIdentityInput>;

function assertActsFor(userId: string, ctx: CommandContext): void {
  const { actor } = ctx;
  if (actor.userId === userId || actor.role === 'SYSTEM' || actor.role === 'PLATFORM_ADMIN') return;
  throw new ForbiddenError(ssoMessages.ownIdentitiesOnly);
}

export function linkSsoIdentity(input: LinkSsoIdentityInput, state: SsoIdentityState, ctx: CommandContext): SsoIdentityEvent[] {
  assertActsFor(input.userId, ctx);
  if (state.status === 'linked') {
    // The same person again is a retried link: nothing to add.
    if (state.userId === input.userId) return [];
    throw new IllegalStateError(ssoMessages.identityTaken, 'SSO_IDENTITY_TAKEN');
  }
  return [{ type: 'SsoIdentityLinked', data: input }];
}

export function unlinkSsoIdentity(input: UnlinkSsoIdentityInput, state: SsoIdentityState, ctx: CommandContext): SsoIdentityEvent[] {
  assertActsFor(input.userId, ctx);
  // Someone else's identity answers as an unknown one: the refusal tells nothing about it.
  if (state.status !== 'linked' || state.userId !== input.userId) throw new IllegalStateError(ssoMessages.identityNotLinked, 'SSO_IDENTITY_NOT_LINKED');
  const { userId, provider, issuer, subject, ecosystemId } = state;
  return [{ type: 'SsoIdentityUnlinked', data: { userId, provider, issuer, subject, ecosystemId } }];
}

type IdentityHandler<Input> = CommandHandler<Input, SsoIdentityState, SsoIdentityEvent>;

export const linkSsoIdentityHandler: IdentityHandler<LinkSsoIdentityInput> = {
  type: 'LinkSsoIdentity',
  input: linkSsoIdentityInput,
  aggregate: ssoIdentityAggregate,
  aggregateId: (input) => identityKey(input.provider, input.issuer, input.subject),
  ecosystemId: (input) => input.ecosystemId,
  decide: linkSsoIdentity,
};

export const unlinkSsoIdentityHandler: IdentityHandler<UnlinkSsoIdentityInput> = {
  type: 'UnlinkSsoIdentity',
  input: unlinkSsoIdentityInput,
  aggregate: ssoIdentityAggregate,
  aggregateId: (input) => identityKey(input.provider, input.issuer, input.subject),
  ecosystemId: (_input, state) => (state.status === 'linked' ? state.ecosystemId : null),
  decide: unlinkSsoIdentity,
};
