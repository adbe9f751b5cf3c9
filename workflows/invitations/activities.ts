/**
 * Activities of the invitation-file job (decision 0041): a large file's checked rows, invited one
 * after another with the steps of inviteUser (an account if the person has none, the INVITED
 * role, the invitation, the e-mail through the message pipeline), reporting progress after each
 * step of INVITE_ROWS_PER_STEP rows (steps.ts says why not after each row). Everything a row does is derived from the job and the row: command ids, the new account's
 * id, the invitation id, the invite token (from the run's secret seed) and the e-mail's key, so a
 * retried activity or a restarted worker answers a done row from the log and mails nothing twice.
 */
import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import { issueInvitation } from '../../domain/invitation/handlers';
import type { IssuedInvitation } from '../../domain/invitation/state';
import { finishBatchJob, reportBatchJobProgress, startBatchJob } from '../../domain/job/handlers';
import type { batchJobMetadataSchemas } from '../../domain/job/names';
import { recordMessage } from '../../domain/message/handlers';
import type { BrandInput } from '../../domain/message/templates';
import { grantEcosystemRole, registerUser, reserveUserEmail } from '../../domain/user/handlers';
import type { Config } from '../../infra/config';
import { endJob, type ActivityDeps } from '../activities';
import type { Send } from '../dispatch';
import type { InviteFileArgs, JobRunArgs, WorkflowEngine } from '../engine/port';
import { failureType } from '../failures';
import { deterministicUuid } from '../ids';
import { sendMessage, type RecordMessage } from '../messages/send';
import { expiryFrom, inviteLink, tokenHash } from './links';
import { inviteMailRequest } from './mail';

export type InviteFileRow = z.infer<typeof batchJobMetadataSchemas.inviteUsersFromFile>['rows'][number];

export interface InviteJobReads {
  /** Rows `from` (inclusive) to `to` (exclusive) of the job's file, from the jobs read model. */
  rows(jobId: string, from: number, to: number): Promise<InviteFileRow[]>;
  /** Who holds the e-mail now (its reservation stream, never stale); null when nobody. */
  holder(email: string): Promise<string | null>;
  brand(ecosystemId: string): Promise<BrandInput>;
  inviterName(userId: string): Promise<string | null>;
}

export interface InviteJobDeps {
  reads: InviteJobReads;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'INVITE_TTL_HOURS'>;
  /** The engine that delivers the e-mails (the one running this job). */
  engine: () => Pick<WorkflowEngine, 'startWorkflow'>;
}

export interface RowsOutcome { invited: number; skipped: number[] }

/** A secret of this run and row: the same on every retry, unknown without the run's seed. */
function derived(args: InviteFileArgs, row: number, what: string): string {
  return createHmac('sha256', args.tokenSeed).update(`${args.jobId}/${row}/${what}`).digest('base64url');
}

interface RowContext { args: InviteFileArgs; send: Send; deps: InviteJobDeps; now: Date; record: RecordMessage; inviter: { name: string | null; brand: BrandInput } }

/** The person's account: the holder of the e-mail, else one this row makes (made again on a retry: answered from the log). */
async function accountOf(c: RowContext, row: InviteFileRow): Promise<string> {
  const [number, email, firstName, lastName] = row;
  const ours = deterministicUuid(`invite-file/${c.args.jobId}/${number}/user`);
  const userId = (await c.deps.reads.holder(email)) ?? ours;
  if (userId !== ours) return userId;
  await c.send(`invite:${number}:reserve`, reserveUserEmail, { email, userId });
  await c.send(`invite:${number}:register`, registerUser, {
    userId, email, firstName, lastName, preferredName: null, platformAdmin: false,
    // No password opens it until the invitation is accepted (as inviteUser's accounts).
    passwordHash: `$invited$${derived(c.args, number, 'password')}`,
  });
  return userId;
}

async function inviteRow(c: RowContext, row: InviteFileRow): Promise<void> {
  const [number, email, firstName, lastName, role, programId, language] = row;
  const { ecosystemId, jobId } = c.args;
  const userId = await accountOf(c, row);
  await c.send(`invite:${number}:grant`, grantEcosystemRole, { userId, ecosystemId, role, programId, status: 'INVITED' });
  const token = derived(c.args, number, 'token');
  const state = await c.send(`invite:${number}:issue`, issueInvitation, {
    invitationId: deterministicUuid(`invite-file/${jobId}/${number}/invitation`), ecosystemId, programId, role, email, firstName, lastName, language,
    userId, invitedBy: c.args.actor.userId, tokenHash: tokenHash(token), expiresAt: expiryFrom(c.now, c.deps.config),
  });
  if (state.status === 'none') throw new Error('IssueInvitation left no invitation');
  // The token is derived, so a retry's e-mail carries the link the invitation records; its key makes it one e-mail.
  const invitation: IssuedInvitation = state;
  await sendMessage({ record: c.record, engine: c.deps.engine() }, inviteMailRequest(invitation, inviteLink(c.deps.config, token), c.inviter.name, c.inviter.brand));
}

/**
 * A refusal because things changed since the file was checked (the person joined meanwhile, their
 * address was taken): that row is skipped. Any other refusal (bad input) is a fault that would
 * refuse every row alike, so it fails the job instead of skipping the file silently.
 */
export function isConflict(err: unknown): boolean {
  if (failureType(err) !== 'DomainError') return false;
  const details = (err as { details?: unknown }).details;
  return Array.isArray(details) && (details[0] as { code?: unknown } | undefined)?.code === 'CONFLICT';
}

export function createInviteFileActivities(deps: ActivityDeps, sendFor: (args: JobRunArgs) => Send, clock: () => Date) {
  const need = (): InviteJobDeps => {
    if (!deps.invitations) throw new Error('The invitation-file job needs its reads and settings (ActivityDeps.invitations).');
    return deps.invitations;
  };
  const recordFor = (args: JobRunArgs): RecordMessage => async (input, commandId) => {
    const r = await deps.bus.dispatch(recordMessage, input, { actor: args.actor, commandId, correlationId: args.jobId, now: clock().toISOString() });
    return { state: r.state, replayed: false, position: null };
  };
  return {
    async beginInviteFile(args: InviteFileArgs): Promise<void> {
      await sendFor(args)('job:start', startBatchJob, { jobId: args.jobId, total: args.rowCount });
    },

    /**
     * Invites rows `from` to `to` (exclusive), then reports progress up to `to`. A row the domain
     * refuses as a conflict (another account took the address since the check) is skipped and named in the result.
     */
    async inviteFileRows(args: InviteFileArgs, from: number, to: number): Promise<RowsOutcome> {
      const invitations = need();
      const send = sendFor(args);
      const rows = await invitations.reads.rows(args.jobId, from, to);
      // The jobs read model has the job before its run starts; a shortfall is a lag or a loss, worth a retry.
      if (rows.length !== to - from) throw new Error(`job ${args.jobId}: rows ${from}-${to} not readable yet`);
      const inviter = { name: await invitations.reads.inviterName(args.actor.userId), brand: await invitations.reads.brand(args.ecosystemId) };
      const c: RowContext = { args, send, deps: invitations, now: clock(), record: recordFor(args), inviter };
      const outcome: RowsOutcome = { invited: 0, skipped: [] };
      for (const row of rows) {
        try {
          await inviteRow(c, row);
          outcome.invited += 1;
        } catch (err) {
          if (!isConflict(err)) throw err;
          outcome.skipped.push(row[0]);
        }
      }
      await send(`job:progress:${to}`, reportBatchJobProgress, { jobId: args.jobId, done: to });
      return outcome;
    },

    async finishInviteFile(args: InviteFileArgs, invited: number, skippedRows: number[]): Promise<void> {
      await sendFor(args)('job:finish', finishBatchJob, { jobId: args.jobId, result: { invited, skippedRows } });
    },

    /** After a failure (`failure` set) or a cancellation (null): the rows invited stay invited, the job ends. */
    async abandonInviteFile(args: InviteFileArgs, failure: string | null): Promise<void> {
      await endJob(sendFor(args), args.jobId, failure);
    },
  };
}
