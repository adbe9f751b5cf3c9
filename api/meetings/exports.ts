/**
 * Custom Lessonspace recording export definitions (schema/meetings.graphql, decision 0058): the
 * internal admin panel's list, create, edit and delete by definitionId, platform admins only. The
 * definitions are one stream (domain/meetings/exports.ts) read whole through the command bus: a
 * short platform-wide list, never stale.
 */
import { z } from 'zod';
import {
  createExportDefinitionHandler, definitionsOf, deleteExportDefinitionHandler, editExportDefinitionHandler, PLATFORM_STREAM_ID,
  recordingExportsAggregate, type ExportDefinition, type RecordingExportsState,
} from '../../domain/meetings/exports';
import { recordingExportMessages } from '../../domain/meetings/messages';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import type { LessonspaceRecordingExportDefinitionInput, Resolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { authorize } from '../auth/policy';
import { readEcosystem, uuidArg } from '../tenants/access';

/** Definition ids are plain UUIDs: anything else names no definition and is malformed. */
function definitionIdArg(value: string): string {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw ValidationError.forField('definitionId', recordingExportMessages.definitionNotFound);
  return parsed.data.toLowerCase();
}

async function definitionOf(ctx: RequestContext, definitionId: string, input: LessonspaceRecordingExportDefinitionInput): Promise<ExportDefinition> {
  let ecosystemId: string | null = null;
  if (input.ecosystemId !== null && input.ecosystemId !== undefined) {
    ecosystemId = uuidArg('Ecosystem', input.ecosystemId, 'input.ecosystemId');
    await readEcosystem(ctx, ecosystemId);
  }
  return { ...input, definitionId, ecosystemId, layout: input.layout ?? null };
}

function answered(state: RecordingExportsState, definitionId: string): ExportDefinition {
  const d = state.definitions[definitionId];
  if (!d) throw new NotFoundError(recordingExportMessages.definitionNotFound);
  return d;
}

export const recordingExportResolvers: Resolvers = {
  Query: {
    async getCustomLessonspaceRecordingExportDefinitions(_root, _args, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      return definitionsOf(await ctx.loadAggregate(recordingExportsAggregate, PLATFORM_STREAM_ID));
    },
  },
  Mutation: {
    async createCustomLessonspaceRecordingExportDefinition(_root, args, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      const definitionId = ctx.newId('recordingExportDefinition');
      const result = await ctx.execute(createExportDefinitionHandler, await definitionOf(ctx, definitionId, args.input));
      return answered(result.state, definitionId);
    },

    async editCustomLessonspaceRecordingExportDefinition(_root, args, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      const definitionId = definitionIdArg(args.definitionId);
      const result = await ctx.execute(editExportDefinitionHandler, await definitionOf(ctx, definitionId, args.input));
      return answered(result.state, definitionId);
    },

    async deleteCustomLessonspaceRecordingExportDefinition(_root, args, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      const definitionId = definitionIdArg(args.definitionId);
      await ctx.execute(deleteExportDefinitionHandler, { definitionId });
      return definitionId;
    },
  },
};
