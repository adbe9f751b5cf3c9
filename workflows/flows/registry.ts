/**
 * Workflow name → flow, for the pg-boss engine (Temporal finds its workflows by export name in
 * temporal/workflows.ts). Arguments arrive as JSON from the job table, so they are validated here
 * before a flow sees them.
 */
import { z } from 'zod';
import type { Role } from '../../domain/shared/events';
import type { Activities } from '../activities';
import type { WorkflowName } from '../engine/port';
import { createEcosystemDemoDataFlow, deleteEcosystemDemoDataFlow } from './demoData';
import { bulkUsersFlow } from './bulkUsers';
import { bulkSessionsFlow } from './bulkSessions';
import { inviteFileFlow } from './inviteFile';
import { reapStalledJobsFlow } from './reaper';
import { deliverMessageFlow } from './deliverMessage';
import { syncMeetingRoomFlow } from './syncMeetingRoom';
import { runScheduledReportsFlow } from './scheduledReports';
import { runWeeklyParentReportsFlow } from './weeklyParentReports';
import { runSessionTimersFlow } from './sessionTimers';
import type { FlowRuntime } from './runtime';
import { bigJobFlow } from './bigJob';

const ROLES = ['PLATFORM_ADMIN', 'SUPER_ADMIN', 'PROGRAM_ADMIN', 'TEACHER', 'STAFF', 'LEADER', 'PUPIL', 'PARENT', 'STUDENT', 'MEMBER', 'SYSTEM'] as const satisfies readonly Role[];

export const jobRunArgsSchema = z.object({
  jobId: z.uuid(),
  ecosystemId: z.uuid(),
  actor: z.object({ userId: z.string().min(1), role: z.enum(ROLES) }),
});
export const createDemoDataArgsSchema = jobRunArgsSchema.extend({ demoSessionsStartDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const roleKeyArgs = z.object({ role: z.string().min(1), programId: z.uuid().nullable() });
export const bulkUsersArgsSchema = jobRunArgsSchema.extend({
  filters: z.object({ roles: z.array(z.string()).optional(), statuses: z.array(z.string()).optional(), programIds: z.array(z.uuid()).optional(), text: z.string().nullable().optional() }),
  excludeUserId: z.uuid(),
  changes: z.object({ add: z.array(roleKeyArgs), remove: z.array(roleKeyArgs) }).optional(),
});
export const bulkSessionsArgsSchema = jobRunArgsSchema.extend({
  filters: z.object({
    from: z.string().nullable().optional(), to: z.string().nullable().optional(), programIds: z.array(z.uuid()).optional(),
    statuses: z.array(z.string()).optional(), sessionTypes: z.array(z.string()).optional(), text: z.string().nullable().optional(),
  }),
  asOf: z.iso.datetime(),
  change: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('cancel'), reason: z.string().nullable() }),
    z.object({ kind: z.literal('restore') }),
    z.object({ kind: z.literal('label'), key: z.string().min(1), value: z.string().nullable() }),
  ]),
});
export const inviteFileArgsSchema = jobRunArgsSchema.extend({ rowCount: z.number().int().min(1), tokenSeed: z.string().min(32) });
export const deliverMessageArgsSchema = z.object({ messageId: z.uuid() });
export const syncMeetingRoomArgsSchema = z.object({ seriesId: z.uuid(), revision: z.number().int().min(0) });
export const reapStalledJobsArgsSchema = z.object({ stalledAfterMs: z.number().int().min(60_000) });
export const bigJobRunArgsSchema = jobRunArgsSchema.extend({ attempt: z.number().int().min(1) });
export const runScheduledReportsArgsSchema = z.object({}).strict() as z.ZodType<Record<string, never>>;
export const runWeeklyParentReportsArgsSchema = z.object({}).strict() as z.ZodType<Record<string, never>>;
export const runSessionTimersArgsSchema = z.object({}).strict() as z.ZodType<Record<string, never>>;

export async function runWorkflow(name: WorkflowName, activities: Activities, rawArgs: unknown, runtime: FlowRuntime): Promise<unknown> {
  switch (name) {
    case 'createEcosystemDemoData':
      return createEcosystemDemoDataFlow(activities, createDemoDataArgsSchema.parse(rawArgs), runtime);
    case 'deleteEcosystemDemoData':
      return deleteEcosystemDemoDataFlow(activities, jobRunArgsSchema.parse(rawArgs), runtime);
    case 'adminArchiveAllUser':
    case 'adminUpdateAllUserPermissions':
      return bulkUsersFlow(activities, bulkUsersArgsSchema.parse(rawArgs), runtime);
    case 'adminCancelAllLabelSession':
    case 'adminRestoreAllSessions':
    case 'adminSaveAllLabelSession':
      return bulkSessionsFlow(activities, bulkSessionsArgsSchema.parse(rawArgs), runtime);
    case 'inviteUsersFromFile':
      return inviteFileFlow(activities, inviteFileArgsSchema.parse(rawArgs), runtime);
    case 'deliverMessage':
      return deliverMessageFlow(activities, deliverMessageArgsSchema.parse(rawArgs), runtime);
    case 'syncMeetingRoom':
      return syncMeetingRoomFlow(activities, syncMeetingRoomArgsSchema.parse(rawArgs));
    case 'reapStalledJobs':
      return reapStalledJobsFlow(activities, reapStalledJobsArgsSchema.parse(rawArgs));
    case 'runScheduledReports':
      return runScheduledReportsFlow(activities, runScheduledReportsArgsSchema.parse(rawArgs ?? {}));
    case 'runWeeklyParentReports':
      return runWeeklyParentReportsFlow(activities, runWeeklyParentReportsArgsSchema.parse(rawArgs ?? {}));
    case 'runBigJob':
      return bigJobFlow(activities, bigJobRunArgsSchema.parse(rawArgs), runtime);
    case 'runSessionTimers':
      return runSessionTimersFlow(activities, runSessionTimersArgsSchema.parse(rawArgs ?? {}));
    default: {
      const exhaustive: never = name;
      return exhaustive;
    }
  }
}
