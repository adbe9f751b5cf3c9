/**
 * Meeting-provider credentials per ecosystem (schema/meetings.graphql, decision 0058): its admins
 * (and platform admins) set and clear them; nobody reads them back, every answer says only which
 * providers are set and since when.
 */
import { z } from 'zod';
import { zodMessage } from '../../domain/shared/i18n';
import type { Message } from '../../domain/shared/i18n';
import type { CredentialStatus, ProviderCredentials } from '../../infra/meetings/credentials';
import type { MeetingCredentialsStatus, Resolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { authorize } from '../auth/policy';
import { readEcosystem, uuidArg } from '../tenants/access';
import { meetingMessages as m } from './messages';

const MAX_CREDENTIAL = 500;

/** A credential as the provider's dashboard shows it: one word, trimmed (a paste often brings a space or line break along). */
const credential = (required: Message) => z.string().trim()
  .min(1, { error: zodMessage(required) })
  .max(MAX_CREDENTIAL, { error: zodMessage(m.credentialTooLong({ max: MAX_CREDENTIAL })) })
  .regex(/^\S+$/, { error: zodMessage(m.credentialNotOneWord) });

const lessonspaceInput = z.object({ ecosystemId: z.string(), apiKey: credential(m.apiKeyRequired) });
const zoomInput = z.object({
  ecosystemId: z.string(), accountId: credential(m.accountIdRequired), clientId: credential(m.clientIdRequired), clientSecret: credential(m.clientSecretRequired),
});

const answer = (rows: CredentialStatus[]): MeetingCredentialsStatus[] =>
  rows.map((r) => ({ provider: r.provider, isSet: r.isSet, setAt: r.setAt?.toISOString() ?? null }));

/** The ecosystem named, once the viewer may edit it and it exists (NOT_FOUND otherwise, nothing written). */
async function editableEcosystem(ctx: RequestContext, value: string): Promise<{ ecosystemId: string; userId: string }> {
  const ecosystemId = uuidArg('Ecosystem', value, 'ecosystemId');
  const viewer = authorize(ctx, { type: 'ecosystem.edit', ecosystemId });
  await readEcosystem(ctx, ecosystemId);
  return { ecosystemId, userId: viewer.userId };
}

async function setCredentials(ctx: RequestContext, ecosystemValue: string, credentials: ProviderCredentials): Promise<MeetingCredentialsStatus[]> {
  const { ecosystemId, userId } = await editableEcosystem(ctx, ecosystemValue);
  await ctx.services.meetings.set(ecosystemId, credentials, userId);
  return answer(await ctx.services.meetings.status(ecosystemId));
}

export const meetingsResolvers: Resolvers = {
  Query: {
    async meetingCredentials(_root, args, ctx) {
      const { ecosystemId } = await editableEcosystem(ctx, args.ecosystemId);
      return answer(await ctx.services.meetings.status(ecosystemId));
    },
  },
  Mutation: {
    async setLessonspaceCredentials(_root, args, ctx) {
      const input = lessonspaceInput.parse(args.input);
      return setCredentials(ctx, input.ecosystemId, { provider: 'LESSONSPACE', apiKey: input.apiKey });
    },

    async setZoomCredentials(_root, args, ctx) {
      const { ecosystemId, ...rest } = zoomInput.parse(args.input);
      return setCredentials(ctx, ecosystemId, { provider: 'ZOOM', ...rest });
    },

    async clearMeetingCredentials(_root, args, ctx) {
      const { ecosystemId } = await editableEcosystem(ctx, args.ecosystemId);
      await ctx.services.meetings.clear(ecosystemId, args.provider);
      return answer(await ctx.services.meetings.status(ecosystemId));
    },
  },
};
