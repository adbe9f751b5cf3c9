/**
 * Big jobs (schema/big-jobs.graphql, decision 0075): start an export or a report, read one or a
 * list, cancel, retry. Platform admins (the jobs permission, as for batch jobs), authorized before
 * anything is read or dispatched. Each mutation writes through the BigJob commands, waits for the
 * big-jobs read model, and starts (or cancels) the job's run on the workflow engine.
 */
import { z } from 'zod';
import { cancelBigJobHandler, createBigJobHandler, retryBigJobHandler } from '../../domain/bigjob/decide';
import { bigJobLabels, bigJobMessages } from '../../domain/bigjob/messages';
import { isActiveBigJob } from '../../domain/bigjob/state';
import type { BigJobParams, BigJobType } from '../../domain/bigjob/model';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { can } from '../../domain/shared/permissions';
import { BIG_JOBS_PROJECTION, findBigJob, listBigJobs, type BigJobRow } from '../../projections/bigjobs';
import { getProgramsByIds } from '../../projections/tenants/queries';
import { bigJobWorkflowId } from '../../workflows/engine/port';
import type { Resolvers } from '../__generated__/resolvers';
import { authorize, requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { translate, translateStored } from '../i18n/catalogue';
import { actorRole } from '../request-context';
import { idOf, keysetConnection, registerNodeType, toGlobalId } from '../relay';
import { readEcosystem, uuidArg } from '../tenants/access';
import { progressOf, resultPath } from './mapping';

const waitFor = [BIG_JOBS_PROJECTION];
const MAX_REPORT_DAYS = 366;

function jobIdArg(value: string): string {
  const parsed = z.uuid().safeParse(idOf('BigJob', value));
  if (!parsed.success) throw ValidationError.forField('jobId', bigJobMessages.notFound);
  return parsed.data.toLowerCase();
}

/** The programs, all of the ecosystem (row-level security aside, a platform admin sees every tenant). */
async function programsOf(ctx: RequestContext, ecosystemId: string, values: readonly string[], field: string): Promise<string[]> {
  const ids = values.map((v, i) => uuidArg('Program', v, `${field}.${i}`));
  if (ids.length > 100) throw ValidationError.forField(field, bigJobMessages.badFilters);
  if (ids.length === 0) return [];
  const rows = await ctx.read((c) => getProgramsByIds(c, ids));
  if (rows.length !== new Set(ids).size || rows.some((p) => p.ecosystemId !== ecosystemId)) {
    throw ValidationError.forField(field, bigJobMessages.programNotInEcosystem);
  }
  return [...new Set(ids)];
}

function period(from: string | null | undefined, to: string | null | undefined, maxDays: number | null): void {
  if (!from || !to) return;
  const span = Date.parse(to) - Date.parse(from);
  if (span <= 0) throw ValidationError.forField('to', bigJobMessages.periodOrder);
  if (maxDays !== null && span > maxDays * 86_400_000) throw ValidationError.forField('to', bigJobMessages.periodTooLong);
}

async function visibleJob(ctx: RequestContext, jobId: string): Promise<BigJobRow | null> {
  const viewer = requireViewer(ctx);
  const row = await ctx.read((c) => findBigJob(c, jobId));
  return row && can(viewer, { type: 'ecosystem.jobs', ecosystemId: row.ecosystemId }) ? row : null;
}

/** The job for a mutation: NOT_FOUND when the viewer may not see it (as if it did not exist). */
async function jobForChange(ctx: RequestContext, value: string): Promise<BigJobRow> {
  const row = await visibleJob(ctx, jobIdArg(value));
  if (!row) throw new NotFoundError(bigJobMessages.notFound);
  return row;
}

async function answered(ctx: RequestContext, jobId: string): Promise<BigJobRow> {
  const row = await ctx.read((c) => findBigJob(c, jobId));
  if (!row) throw new Error(`big job ${jobId} is not visible after its command`);
  return row;
}

async function startRun(ctx: RequestContext, viewer: Viewer, row: BigJobRow): Promise<void> {
  const actor = { userId: viewer.userId, role: actorRole(viewer, row.ecosystemId) };
  // A repeated request (same Idempotency-Key) starts nothing: the run of this attempt exists.
  await ctx.services.engine.startWorkflow('runBigJob', bigJobWorkflowId(row.id, row.attempt), { jobId: row.id, ecosystemId: row.ecosystemId, actor, attempt: row.attempt });
}

async function create(ctx: RequestContext, ecosystemValue: string, type: BigJobType, params: Omit<BigJobParams, 'language'>): Promise<BigJobRow> {
  const ecosystemId = uuidArg('Ecosystem', ecosystemValue, 'ecosystemId');
  const viewer = authorize(ctx, { type: 'ecosystem.jobs', ecosystemId });
  await readEcosystem(ctx, ecosystemId);
  const jobId = ctx.newId('bigjob');
  const language = ctx.locale === 'es' ? 'es' : 'en';
  await ctx.execute(createBigJobHandler, { jobId, ecosystemId, type, params: { ...params, language } }, { waitFor, ecosystemId });
  const row = await answered(ctx, jobId);
  await startRun(ctx, viewer, row);
  return row;
}

export const bigJobsResolvers: Resolvers = {
  BigJob: {
    id: (row) => toGlobalId('BigJob', row.id),
    jobId: (row) => row.id,
    name: (row, _args, ctx) => translate(bigJobLabels[row.type], ctx.locale),
    isActive: (row) => isActiveBigJob(row.state),
    progress: (row) => progressOf(row),
    // Row errors and failures are stored in English; readers get them in their language.
    errors: (row, _args, ctx) => row.errors.map((e) => ({ ...e, error: translateStored(e.error, ctx.locale) })),
    error: (row, _args, ctx) => (row.error ? translateStored(row.error, ctx.locale) : null),
    resultUrl: (row) => (row.state === 'FINISHED' ? resultPath(row.id) : null),
    programIds: (row) => row.params.programIds,
    from: (row) => row.params.from,
    to: (row) => row.params.to,
  },
  Query: {
    async getBigJob(_root, args, ctx) {
      return visibleJob(ctx, jobIdArg(args.jobId));
    },
    async getAllBigJobs(_root, args, ctx) {
      const viewer = requireViewer(ctx);
      const ecosystemId = args.ecosystemId ? uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId') : null;
      if (ecosystemId) authorize(ctx, { type: 'ecosystem.jobs', ecosystemId });
      // Every tenant's jobs at once is a platform view.
      else if (!viewer.platformAdmin) throw new ForbiddenError();
      return keysetConnection<BigJobRow>(args, (row) => [row.createdAt, row.id],
        (limit, after) => ctx.read((c) => listBigJobs(c, { ecosystemId, limit, after })));
    },
  },
  Mutation: {
    async createBigJob(_root, args, ctx) {
      const f = args.filters ?? {};
      const ecosystemId = uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId');
      authorize(ctx, { type: 'ecosystem.jobs', ecosystemId });
      const programIds = await programsOf(ctx, ecosystemId, f.programIds ?? [], 'filters.programIds');
      period(f.from, f.to, null);
      return create(ctx, ecosystemId, args.type, { programIds, from: f.from ?? null, to: f.to ?? null });
    },
    async createReportBigJob(_root, args, ctx) {
      const ecosystemId = uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId');
      authorize(ctx, { type: 'ecosystem.jobs', ecosystemId });
      if (args.programIds.length === 0) throw ValidationError.forField('programIds', bigJobMessages.programRequired);
      // Each argument's own shape first, then how they fit together (the period).
      const programIds = await programsOf(ctx, ecosystemId, args.programIds, 'programIds');
      period(args.from, args.to, MAX_REPORT_DAYS);
      return create(ctx, ecosystemId, `REPORT_${args.reportType}`, { programIds, from: args.from, to: args.to });
    },
    async cancelBigJob(_root, args, ctx) {
      const row = await jobForChange(ctx, args.jobId);
      authorize(ctx, { type: 'ecosystem.jobs', ecosystemId: row.ecosystemId });
      const { state } = await ctx.execute(cancelBigJobHandler, { jobId: row.id }, { waitFor, ecosystemId: row.ecosystemId });
      // A running job stops at its next chunk boundary either way; the engine's cancel makes it sooner.
      if (state.status === 'CANCELLING') await ctx.services.engine.cancelWorkflow(bigJobWorkflowId(row.id, row.attempt));
      return answered(ctx, row.id);
    },
    async retryBigJob(_root, args, ctx) {
      const row = await jobForChange(ctx, args.jobId);
      const viewer = authorize(ctx, { type: 'ecosystem.jobs', ecosystemId: row.ecosystemId });
      await ctx.execute(retryBigJobHandler, { jobId: row.id }, { waitFor, ecosystemId: row.ecosystemId });
      const next = await answered(ctx, row.id);
      await startRun(ctx, viewer, next);
      return next;
    },
  },
};

// Row-level security hides other tenants' jobs; within a tenant, jobs are for those who manage them.
registerNodeType('BigJob', async (ctx, id) => (ctx.viewer && z.uuid().safeParse(id).success ? visibleJob(ctx, id) : null));
