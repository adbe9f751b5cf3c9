/**
 * Activities that only record what they were asked, with switches for the cases an engine must
 * handle: a transient failure (retried), a business refusal (not retried), and a step whose first
 * attempt blocks until released (to cancel a run in flight, or to stop its worker). The engine
 * contract suite runs the real workflows over these, on either engine.
 */
import { ApplicationFailure } from '@temporalio/common';
import type { DemoItem } from '../../domain/job/demo-data/events';
import type { Activities } from '../activities';

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

export interface RunEnd {
  outcome: 'completed' | 'abandoned';
  /** The failure passed to the abandon step; null when the run was cancelled. */
  failure: string | null;
}

export const FAKE_ITEMS: DemoItem[] = [
  { kind: 'program', id: '8f1e2d3c-4b5a-4968-8776-655443322110', label: 'Fake A' },
  { kind: 'program', id: '7e1e2d3c-4b5a-4968-8776-655443322110', label: 'Fake B' },
];

export class FakeActivities {
  /** `<jobId> <step>` in call order, attempts included. */
  readonly calls: string[] = [];
  /**
   * `<jobId> <step>` of each step that returned, once: what the run did, as the real activities'
   * deterministic command ids make a repeated step a no-op.
   */
  readonly done: string[] = [];
  /** Arguments of each reapStalledJobs call, in order. */
  readonly reaperRuns: Array<{ stalledAfterMs: number; at: Date }> = [];
  private readonly reaperWaiters: Array<{ count: number; resolve(): void }> = [];
  private readonly ends = new Map<string, Deferred & { end?: RunEnd }>();
  private readonly failOnce = new Set<string>();
  private readonly refuse = new Set<string>();
  private readonly gates = new Map<string, { entered: Deferred; release: Deferred }>();

  /** The next addDemoItem(0) of this job throws a plain (retryable) error once. */
  failTransientlyOnce(jobId: string): void { this.failOnce.add(jobId); }
  /** addDemoItem of this job is refused as the domain would refuse it (not retryable). */
  refuseItems(jobId: string): void { this.refuse.add(jobId); }
  /** The first attempt of addDemoItem(1) of this job waits until `release`; `entered` resolves once it is waiting. */
  block(jobId: string): { entered: Promise<void>; release: () => void } {
    const gate = { entered: deferred(), release: deferred() };
    this.gates.set(jobId, gate);
    return { entered: gate.entered.promise, release: gate.release.resolve };
  }

  stepsOf(jobId: string): string[] {
    return this.calls.filter((c) => c.startsWith(`${jobId} `)).map((c) => c.slice(jobId.length + 1));
  }

  doneStepsOf(jobId: string): string[] {
    return this.done.filter((c) => c.startsWith(`${jobId} `)).map((c) => c.slice(jobId.length + 1));
  }

  /** Resolves once reapStalledJobs has run `count` times in all. */
  async reaperRan(count: number, timeoutMs: number): Promise<void> {
    const reached = new Promise<void>((resolve) => {
      if (this.reaperRuns.length >= count) resolve();
      else this.reaperWaiters.push({ count, resolve });
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`reapStalledJobs ran ${this.reaperRuns.length} time(s), not ${count}, within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([reached, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves when the run of this job completed or was abandoned. */
  async ended(jobId: string, timeoutMs = 30_000): Promise<RunEnd> {
    const slot = this.slot(jobId);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`run of ${jobId} did not end within ${timeoutMs} ms`)), timeoutMs); });
    try {
      await Promise.race([slot.promise, timeout]);
      return slot.end as RunEnd;
    } finally {
      clearTimeout(timer);
    }
  }

  private slot(jobId: string) {
    let slot = this.ends.get(jobId);
    if (!slot) {
      slot = deferred();
      this.ends.set(jobId, slot);
    }
    return slot;
  }

  private finish(jobId: string, end: RunEnd): void {
    const slot = this.slot(jobId);
    slot.end = end;
    // After the calling activity has returned and recorded itself in `done`.
    setImmediate(() => slot.resolve());
  }

  /** Each activity, recording its step in `done` when it returns. */
  get activities(): Activities {
    const record = <A extends unknown[], R>(step: (...a: A) => string, fn: (...a: A) => Promise<R>) => async (...a: A): Promise<R> => {
      const result = await fn(...a);
      if (!this.done.includes(step(...a))) this.done.push(step(...a));
      return result;
    };
    const raw = this.raw;
    return {
      ...raw,
      beginDemoDataCreation: record((args) => `${args.jobId} begin`, raw.beginDemoDataCreation),
      addDemoItem: record((args, index) => `${args.jobId} add:${index}`, raw.addDemoItem),
      completeDemoDataCreation: record((args) => `${args.jobId} complete`, raw.completeDemoDataCreation),
      abandonDemoDataCreation: record((args) => `${args.jobId} abandon`, raw.abandonDemoDataCreation),
    };
  }

  private readonly raw: Activities = {
    beginDemoDataCreation: async (args) => {
      this.calls.push(`${args.jobId} begin`);
      return { total: 3 };
    },
    addDemoItem: async (args, index) => {
      this.calls.push(`${args.jobId} add:${index}`);
      if (this.refuse.has(args.jobId)) {
        throw ApplicationFailure.create({ message: 'Refused by the domain.', type: 'DomainError', nonRetryable: true });
      }
      if (index === 0 && this.failOnce.delete(args.jobId)) throw new Error('Connection reset.');
      const gate = this.gates.get(args.jobId);
      if (gate && index === 1) {
        this.gates.delete(args.jobId);
        gate.entered.resolve();
        await gate.release.promise;
      }
      return FAKE_ITEMS[0];
    },
    completeDemoDataCreation: async (args) => {
      this.calls.push(`${args.jobId} complete`);
      this.finish(args.jobId, { outcome: 'completed', failure: null });
    },
    abandonDemoDataCreation: async (args, failure) => {
      this.calls.push(`${args.jobId} abandon`);
      this.finish(args.jobId, { outcome: 'abandoned', failure });
    },
    beginDemoDataDeletion: async (args) => {
      this.calls.push(`${args.jobId} begin-deletion`);
      return { items: FAKE_ITEMS };
    },
    removeDemoItem: async (args, item) => {
      this.calls.push(`${args.jobId} remove:${item.label}`);
    },
    completeDemoDataDeletion: async (args) => {
      this.calls.push(`${args.jobId} complete-deletion`);
      this.finish(args.jobId, { outcome: 'completed', failure: null });
    },
    abandonDemoDataDeletion: async (args, failure) => {
      this.calls.push(`${args.jobId} abandon-deletion`);
      this.finish(args.jobId, { outcome: 'abandoned', failure });
    },
    // The bulk admin actions (decision 0049) are exercised with the real activities (api/roster).
    beginBulkUsers: async (args) => {
      this.calls.push(`${args.jobId} begin-bulk`);
      return { total: 0 };
    },
    bulkUsersPage: async (args, _after, done) => {
      this.calls.push(`${args.jobId} bulk-page`);
      return { done, changed: 0, next: null };
    },
    finishBulkUsers: async (args) => {
      this.calls.push(`${args.jobId} finish-bulk`);
      this.finish(args.jobId, { outcome: 'completed', failure: null });
    },
    abandonBulkUsers: async (args, failure) => {
      this.calls.push(`${args.jobId} abandon-bulk`);
      this.finish(args.jobId, { outcome: 'abandoned', failure });
    },
    // The "all matching" session actions (decision 0064) are exercised with the real activities (workflows/session-bulk).
    beginBulkSessions: async (args) => {
      this.calls.push(`${args.jobId} begin-bulk-sessions`);
      return { total: 0 };
    },
    bulkSessionsPage: async (args, _after, done) => {
      this.calls.push(`${args.jobId} bulk-sessions-page`);
      return { done, changed: 0, next: null };
    },
    finishBulkSessions: async (args) => {
      this.calls.push(`${args.jobId} finish-bulk-sessions`);
      this.finish(args.jobId, { outcome: 'completed', failure: null });
    },
    abandonBulkSessions: async (args, failure) => {
      this.calls.push(`${args.jobId} abandon-bulk-sessions`);
      this.finish(args.jobId, { outcome: 'abandoned', failure });
    },
    // The invitation-file job (decision 0041) is exercised with the real activities (api/invitations).
    beginInviteFile: async (args) => {
      this.calls.push(`${args.jobId} begin-invite-file`);
    },
    inviteFileRows: async (args) => {
      this.calls.push(`${args.jobId} invite-rows`);
      return { invited: 0, skipped: [] };
    },
    finishInviteFile: async (args) => {
      this.calls.push(`${args.jobId} finish-invite-file`);
      this.finish(args.jobId, { outcome: 'completed', failure: null });
    },
    abandonInviteFile: async (args, failure) => {
      this.calls.push(`${args.jobId} abandon-invite-file`);
      this.finish(args.jobId, { outcome: 'abandoned', failure });
    },
    reapStalledJobs: async (args) => {
      this.reaperRuns.push({ stalledAfterMs: args.stalledAfterMs, at: new Date() });
      for (const waiter of this.reaperWaiters.filter((w) => this.reaperRuns.length >= w.count)) waiter.resolve();
      return { failed: [] };
    },
    // Message delivery has its own suite (workflows/messages/delivery.int.test.ts); the engine contract does not start it.
    deliverMessage: async () => ({ status: 'SENT' }),
    abandonMessage: async () => ({ status: 'FAILED' }),
    syncMeetingRoom: async (args) => {
      this.calls.push(`${args.seriesId} sync-room:${args.revision}`);
      return { action: 'kept', joinUrl: null };
    },
    // The scheduled reports have their own suite (workflows/reports); the engine contract does not schedule them.
    dueScheduledReports: async () => [],
    sendScheduledReport: async (due) => {
      this.calls.push(`${due.reportId} send-report:${due.firedAt}`);
      return 'SENT';
    },
    // The weekly parent reports have their own suite as well (workflows/reports/weekly.*.test.ts).
    dueWeeklyParentReports: async () => [],
    sendWeeklyParentReport: async (due) => {
      this.calls.push(`${due.parentId} send-weekly:${due.firedAt}`);
      return 'SENT';
    },
    // Big jobs have their own suite (workflows/bigjobs); the engine contract does not start them.
    beginBigJob: async () => { throw new Error('big jobs are not part of the engine contract'); },
    runBigJobChunk: async () => ({ next: null }),
    finishBigJob: async () => undefined,
    abandonBigJob: async () => undefined,
    // The session timers have their own suite (workflows/timers).
    dueSessionTimers: async () => ({ reminders: [], completions: [] }),
    sendSessionReminder: async (due) => {
      this.calls.push(`${due.sessionId} remind:${due.offsetMinutes}`);
      return 1;
    },
    completeSessionOccurrence: async (due) => {
      this.calls.push(`${due.occurrenceId} complete`);
      return { completed: true, requests: 0 };
    },
  };
}
