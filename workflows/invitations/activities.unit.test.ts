/**
 * The invitation-file job's activities against the real domain (MemoryBus): a row interrupted
 * between its invitation and its e-mail is finished by the retry with the same link, and no row
 * is invited or mailed twice.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fold, type CommandHandler, type DomainEvent } from '../../domain/shared/decider';
import { streamName } from '../../domain/shared/events';
import { emailKey } from '../../domain/user/email/decide';
import { userEmailAggregate } from '../../domain/user/email/state';
import type { DispatchOptions } from '../dispatch';
import { createActivities } from '../activities';
import type { InviteFileArgs } from '../engine/port';
import { MemoryBus } from '../testing/memory-bus';
import type { InviteFileRow, InviteJobDeps } from './activities';

const jobId = '2f0c5b8e-2d3a-4e6f-8a9b-0c1d2e3f4a5b';
const ecosystemId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const args: InviteFileArgs = { jobId, ecosystemId, actor: { userId: '7e1d2c3b-4a59-4687-9a6b-5c4d3e2f1a0b', role: 'SUPER_ADMIN' }, rowCount: 4, tokenSeed: 'a-secret-seed-of-this-run-only-0123456789' };
const ROWS: InviteFileRow[] = [2, 3, 4, 5].map((row) => [row, `p${row}@example.com`, 'P', `Row ${row}`, 'STUDENT', null, 'en']);

/** A bus whose one RecordMessage fails: the worker died after the invitation, before its e-mail. */
class DyingBus extends MemoryBus {
  failRecordOf: string | null = null;

  override async dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown, options: DispatchOptions): Promise<{ state: S }> {
    if (handler.type === 'RecordMessage' && (input as { to: string }).to === this.failRecordOf) {
      this.failRecordOf = null;
      throw new Error('connection lost');
    }
    return super.dispatch(handler, input, options);
  }
}

function depsOf(bus: MemoryBus, started: string[]): InviteJobDeps {
  return {
    reads: {
      rows: async (_job, from, to) => ROWS.slice(from, to),
      holder: async (email) => {
        const state = fold(userEmailAggregate, bus.stream(streamName(userEmailAggregate.category, emailKey(email))) as never);
        return state.status === 'reserved' ? state.userId : null;
      },
      brand: async () => ({ ecosystemName: 'Riverside', tutorTerm: null, tuteeTerm: null, moduleTerm: null }),
      inviterName: async () => 'Ada Admin',
    },
    config: { PUBLIC_URL: 'https://tutoring.example.org', PORT: 4000, INVITE_TTL_HOURS: 168 },
    engine: () => ({ startWorkflow: async (_name, workflowId) => { started.push(workflowId); return { started: true }; } }),
  };
}

const clock = () => new Date('2026-11-24T10:00:00Z');

function setUp() {
  const bus = new DyingBus();
  bus.seed(`batchjob-${jobId}`, [{ type: 'BatchJobQueued', data: { jobId, ecosystemId, jobName: 'inviteUsersFromFile', metadata: { rows: ROWS }, createdBy: 'admin-1' } }]);
  const started: string[] = [];
  const acts = createActivities({ bus, clock, invitations: depsOf(bus, started) });
  const ofType = (type: string) => bus.log.filter((e) => e.type === type);
  return { bus, acts, started, ofType };
}

describe('invitation-file activities', () => {
  it('finish a row interrupted before its e-mail with the link its invitation records, inviting and mailing each row once', async () => {
    const { bus, acts, ofType } = setUp();
    await acts.beginInviteFile(args);
    bus.failRecordOf = 'p4@example.com';
    await expect(acts.inviteFileRows(args, 0, 4)).rejects.toThrow('connection lost');
    expect(ofType('InvitationIssued')).toHaveLength(3);
    expect(ofType('MessageRecorded')).toHaveLength(2);
    expect(await acts.inviteFileRows(args, 0, 4)).toEqual({ invited: 4, skipped: [] });
    expect(await acts.inviteFileRows(args, 0, 4)).toEqual({ invited: 4, skipped: [] });
    const issued = new Map(ofType('InvitationIssued').map((e) => [String((e.data as { email: string }).email), (e.data as { tokenHash: string }).tokenHash]));
    const mails = ofType('MessageRecorded').map((e) => e.data as { to: string; text: string });
    expect(issued.size).toBe(4);
    expect(mails.map((m) => m.to).sort()).toEqual(['p2@example.com', 'p3@example.com', 'p4@example.com', 'p5@example.com']);
    for (const m of mails) {
      const token = /\/join\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] ?? '';
      expect(createHash('sha256').update(token).digest('hex')).toBe(issued.get(m.to));
    }
    expect(ofType('UserRegistered')).toHaveLength(4);
    expect(ofType('EcosystemRoleGranted')).toHaveLength(4);
    expect(ofType('BatchJobProgressed').map((e) => (e.data as { done: number }).done)).toEqual([4]);
  });

  it('give each run its own links: another seed derives other tokens', async () => {
    const one = setUp();
    const two = setUp();
    await one.acts.beginInviteFile(args);
    await two.acts.beginInviteFile(args);
    await one.acts.inviteFileRows(args, 0, 1);
    await two.acts.inviteFileRows({ ...args, tokenSeed: 'another-secret-seed-of-another-run-98765' }, 0, 1);
    const hash = (s: ReturnType<typeof setUp>) => (s.ofType('InvitationIssued')[0].data as { tokenHash: string }).tokenHash;
    expect(hash(one)).not.toBe(hash(two));
  });

  it('skip a row whose address someone took after the file was checked, naming it, and invite the rest', async () => {
    const { bus, acts, ofType } = setUp();
    // Taken between the check and the job: the job's look-up missed it (the race), the reservation refuses.
    bus.seed(streamName(userEmailAggregate.category, emailKey('p3@example.com')), [{ type: 'UserEmailReserved', data: { email: 'p3@example.com', userId: '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a' } }]);
    await acts.beginInviteFile(args);
    const deps = depsOf(bus, []);
    const outcome = await createActivities({ bus, clock, invitations: { ...deps, reads: { ...deps.reads, holder: async () => null } } }).inviteFileRows(args, 0, 4);
    expect(outcome).toEqual({ invited: 3, skipped: [3] });
    expect(ofType('InvitationIssued').map((e) => (e.data as { email: string }).email)).toEqual(['p2@example.com', 'p4@example.com', 'p5@example.com']);
    expect(ofType('BatchJobProgressed').map((e) => (e.data as { done: number }).done)).toEqual([4]);
  });

  it('start one delivery per e-mail, named by the message', async () => {
    const { acts, started } = setUp();
    await acts.beginInviteFile(args);
    await acts.inviteFileRows(args, 0, 4);
    expect(new Set(started).size).toBe(4);
    expect(started.every((id) => id.startsWith('message-'))).toBe(true);
  });
});
