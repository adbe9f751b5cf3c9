/**
 * An ecosystem's single sign-on configuration: state, decisions and command handlers
 * (docs/decisions/0046). One configuration per provider; the client secret is write-only: a
 * configuration without a new secret keeps the one it had.
 */
import { z } from 'zod';
import type { Aggregate, CommandContext, CommandHandler } from '../shared/decider';
import { ValidationError } from '../shared/errors';
import type { FieldErrors } from '../shared/errors';
import { ssoConfigEventSchemas, ssoProviderConfiguredSchema, ssoProviderRemovedSchema, type SsoConfigEvent, type SsoProviderConfig } from './config-events';
import { ssoMessages } from './messages';
import { PROVIDER_PROTOCOLS, type SsoProvider } from './providers';

export type SsoConfigState = { providers: Partial<Record<SsoProvider, SsoProviderConfig>> };

export function evolve(state: SsoConfigState, event: SsoConfigEvent): SsoConfigState {
  switch (event.type) {
    case 'SsoProviderConfigured':
      return { providers: { ...state.providers, [event.data.provider]: event.data } };
    case 'SsoProviderRemoved': {
      const providers = { ...state.providers };
      delete providers[event.data.provider];
      return { providers };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const ssoConfigAggregate: Aggregate<SsoConfigState, SsoConfigEvent> = {
  category: 'ssoconfig',
  initialState: { providers: {} },
  evolve,
  eventSchemas: ssoConfigEventSchemas,
};

export const configureSsoProviderInput = ssoProviderConfiguredSchema;
export type ConfigureSsoProviderInput = z.infer<typeof configureSsoProviderInput>;
export const removeSsoProviderInput = ssoProviderRemovedSchema;
export type RemoveSsoProviderInput = z.infer<typeof removeSsoProviderInput>;

function problems(c: SsoProviderConfig): FieldErrors {
  const fields: FieldErrors = {};
  if (!PROVIDER_PROTOCOLS[c.provider].includes(c.protocol)) fields.protocol = ssoMessages.protocolNotOffered;
  if (c.protocol !== 'SAML' && !c.sealedClientSecret) fields.clientSecret = ssoMessages.secretRequired;
  if (c.protocol === 'OAUTH2' && !c.endpoints) fields.endpoints = ssoMessages.endpointsRequired;
  if (c.protocol === 'SAML' && !c.samlCertificate) fields.samlCertificate = ssoMessages.certificateRequired;
  if (c.protocol === 'SAML' && !c.samlEntryPoint) fields.samlEntryPoint = ssoMessages.addressNotValid;
  return fields;
}

/** Who may configure is the API's policy (ecosystem.edit); the domain keeps the configuration whole. */
export function configureSsoProvider(input: ConfigureSsoProviderInput, state: SsoConfigState, _ctx: CommandContext): SsoConfigEvent[] {
  const current = state.providers[input.provider];
  // No new secret keeps the current one, so an admin never has to see it to change anything else.
  const sealedClientSecret = input.sealedClientSecret ?? (current?.protocol === input.protocol ? current.sealedClientSecret : null);
  const next: SsoProviderConfig = { ...input, sealedClientSecret };
  const fields = problems(next);
  if (Object.keys(fields).length > 0) throw ValidationError.forFields(fields);
  if (current && JSON.stringify(current) === JSON.stringify(next)) return [];
  return [{ type: 'SsoProviderConfigured', data: next }];
}

export function removeSsoProvider(input: RemoveSsoProviderInput, state: SsoConfigState, _ctx: CommandContext): SsoConfigEvent[] {
  return state.providers[input.provider] ? [{ type: 'SsoProviderRemoved', data: input }] : [];
}

type ConfigHandler<Input> = CommandHandler<Input, SsoConfigState, SsoConfigEvent>;

export const configureSsoProviderHandler: ConfigHandler<ConfigureSsoProviderInput> = {
  type: 'ConfigureSsoProvider',
  input: configureSsoProviderInput,
  aggregate: ssoConfigAggregate,
  aggregateId: (input) => input.ecosystemId,
  ecosystemId: (input) => input.ecosystemId,
  decide: configureSsoProvider,
};

export const removeSsoProviderHandler: ConfigHandler<RemoveSsoProviderInput> = {
  type: 'RemoveSsoProvider',
  input: removeSsoProviderInput,
  aggregate: ssoConfigAggregate,
  aggregateId: (input) => input.ecosystemId,
  ecosystemId: (input) => input.ecosystemId,
  decide: removeSsoProvider,
};
