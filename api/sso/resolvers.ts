/**
 * Linked identities, log-in options and provider set-ups (schema/sso.graphql, docs/decisions/0046).
 * The person sees and removes only their own identities (read through auth.own_sso_identities);
 * set-ups are for the ecosystem's admins, with the client secret write-only.
 */
import { z } from 'zod';
import { configureSsoProviderHandler } from '../../domain/sso/config';
import { NEW_ACCOUNT_ROLES, providerUrlSchema } from '../../domain/sso/config-events';
import { textProblem } from '../../domain/shared/text';
import { zodMessage } from '../../domain/shared/i18n';
import { unlinkSsoIdentityHandler } from '../../domain/sso/identity';
import { ssoMessages } from '../../domain/sso/messages';
import { providerPath, ssoProtocolSchema, ssoProviderSchema } from '../../domain/sso/providers';
import { ForbiddenError, IllegalStateError, ValidationError } from '../../domain/shared/errors';
import { onlyWayIn, ownLinkedIdentities, SSO_PROJECTION, type LinkedIdentityRow } from '../../projections/sso';
import type { LinkedIdentity, Resolvers, SsoProviderSetup } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { authorize, requireViewer } from '../auth/policy';
import { uuidArg } from '../tenants/access';
import { loaders } from '../tenants/loaders';
import type { SsoService } from './service';

const identityRef = z.tuple([ssoProviderSchema, z.string().min(1).max(2000), z.string().min(1).max(500)]);

function identityId(row: Pick<LinkedIdentityRow, 'provider' | 'issuer' | 'subject'>): string {
  return Buffer.from(JSON.stringify([row.provider, row.issuer, row.subject]), 'utf8').toString('base64url');
}

function parseIdentityId(id: string): z.infer<typeof identityRef> {
  try {
    return identityRef.parse(JSON.parse(Buffer.from(id.slice(0, 4000), 'base64url').toString('utf8')));
  } catch {
    throw ValidationError.forField('id', ssoMessages.identityNotLinked);
  }
}

async function ownIdentities(ctx: RequestContext): Promise<LinkedIdentity[]> {
  const viewer = requireViewer(ctx);
  const rows = await ctx.read((client) => ownLinkedIdentities(client, viewer.userId));
  return rows.map((r) => ({ id: identityId(r), provider: ssoProviderSchema.parse(r.provider), email: r.email, linkedAt: r.linkedAt.toISOString() }));
}

async function setups(sso: SsoService, ecosystemId: string): Promise<SsoProviderSetup[]> {
  return (await sso.providers(ecosystemId)).map((c) => ({
    provider: c.provider, protocol: c.protocol, issuer: c.issuer, clientId: c.clientId, hasClientSecret: c.hasClientSecret,
    authorizationEndpoint: c.endpoints?.authorization ?? null, tokenEndpoint: c.endpoints?.token ?? null, userinfoEndpoint: c.endpoints?.userinfo ?? null,
    samlEntryPoint: c.samlEntryPoint, samlCertificate: c.samlCertificate, districtClaim: c.districtClaim, newAccountRole: c.newAccountRole,
  }));
}

/** Ids, secrets, claims and addresses are one line: a line break in one is a paste gone wrong. */
const oneLine = (max: number) => z.string().trim().max(max).refine((v) => textProblem(v, { singleLine: true }) === null, { error: zodMessage(ssoMessages.oneLine) });
const text = (max: number) => oneLine(max).pipe(z.string().min(1));
const optional = (max: number) => oneLine(max).nullish().transform((v) => v || null);
/** Each address is checked as it is sent, even when the other two are missing (the three are then not used). */
const endpoint = optional(2000).pipe(providerUrlSchema.nullable());

const setupInput = z.object({
  ecosystemId: z.string(), provider: ssoProviderSchema, protocol: ssoProtocolSchema, issuer: text(2000), clientId: text(500),
  clientSecret: optional(2000), authorizationEndpoint: endpoint, tokenEndpoint: endpoint, userinfoEndpoint: endpoint,
  // A certificate (PEM) spans lines.
  samlEntryPoint: optional(2000), samlCertificate: z.string().trim().max(20_000).nullish().transform((v) => v || null), districtClaim: optional(200),
  newAccountRole: z.enum(NEW_ACCOUNT_ROLES).nullish().transform((v) => v ?? null),
});

export const ssoResolvers: Resolvers = {
  Query: {
    linkedIdentities: (_root, _args, ctx) => ownIdentities(ctx),

    async ssoLoginOptions(_root, args, ctx) {
      const ecosystemId = uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId');
      const providers = await ctx.services.sso.providers(ecosystemId);
      return providers.map((p) => ({
        provider: p.provider,
        url: p.protocol === 'SAML' ? `/sso/schoology/saml/start?ecosystemId=${ecosystemId}` : `/sso/${providerPath(p.provider)}/start?ecosystemId=${ecosystemId}`,
      }));
    },

    async ssoLinkOptions(_root, _args, ctx) {
      const viewer = requireViewer(ctx);
      const ecosystemIds = [...new Set(viewer.roles.map((r) => r.ecosystemId))];
      const perEcosystem = await Promise.all(ecosystemIds.map(async (ecosystemId) => {
        const [providers, ecosystem] = await Promise.all([ctx.services.sso.providers(ecosystemId), loaders(ctx).ecosystems.load(ecosystemId)]);
        return ecosystem ? providers.filter((p) => p.protocol !== 'SAML').map((p) => ({ provider: p.provider, ecosystem })) : [];
      }));
      return perEcosystem.flat();
    },

    async ssoProviderSetups(_root, args, ctx) {
      const ecosystemId = uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId');
      authorize(ctx, { type: 'ecosystem.edit', ecosystemId });
      return setups(ctx.services.sso, ecosystemId);
    },
  },
  Mutation: {
    async removeLinkedIdentity(_root, args, ctx) {
      const viewer = requireViewer(ctx);
      const [provider, issuer, subject] = parseIdentityId(args.id);
      // An account a sign-in created has no password its person knows until they set one.
      if (await ctx.read((client) => onlyWayIn(client, viewer.userId))) throw new IllegalStateError(ssoMessages.lastWayIn, 'SSO_LAST_WAY_IN');
      await ctx.execute(unlinkSsoIdentityHandler, { userId: viewer.userId, provider, issuer, subject }, { waitFor: [SSO_PROJECTION] });
      return ownIdentities(ctx);
    },

    async startSsoLink(_root, args, ctx) {
      const viewer = requireViewer(ctx);
      const ecosystemId = uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId');
      // Only into an ecosystem of the person's own, answered as any other refusal (never whether it exists).
      if (!viewer.roles.some((r) => r.ecosystemId === ecosystemId)) throw new ForbiddenError();
      const setUp = (await ctx.services.sso.providers(ecosystemId)).find((p) => p.provider === args.provider && p.protocol !== 'SAML');
      if (!setUp) throw ValidationError.forField('provider', ssoMessages.providerNotConfigured);
      const ticket = await ctx.services.sso.linkTicket({ userId: viewer.userId, ecosystemId, provider: args.provider });
      return `/sso/${providerPath(args.provider)}/link?ticket=${ticket}`;
    },

    async configureSsoProvider(_root, args, ctx) {
      const input = setupInput.parse(args.input);
      const ecosystemId = uuidArg('Ecosystem', input.ecosystemId, 'ecosystemId');
      authorize(ctx, { type: 'ecosystem.edit', ecosystemId });
      const { authorizationEndpoint, tokenEndpoint, userinfoEndpoint, ...rest } = input;
      const endpoints = authorizationEndpoint && tokenEndpoint && userinfoEndpoint ? { authorization: authorizationEndpoint, token: tokenEndpoint, userinfo: userinfoEndpoint } : null;
      await ctx.execute(configureSsoProviderHandler, ctx.services.sso.sealedInput({ ...rest, ecosystemId, endpoints }), { ecosystemId });
      return setups(ctx.services.sso, ecosystemId);
    },
  },
};
