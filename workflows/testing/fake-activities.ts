/**
 * Activities that only record what they were asked, with switches for the cases an engine must
 * handle: a transient failure (retried), a business refusal (not retried), and a step that blocks
 * until released (to cancel a run in flight). The engine contract suite runs the real workflows
 * over these, on either engine.
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
  private readonly ends = new Map<string, Deferred & { end?: RunEnd }>();
  private readonly failOnce = new Set<string>();
  private readonly refuse = new Set<string>();
  private readonly gates = new Map<string, { entered: Deferred; release: Deferred }>();

  /** The next addDemoItem(0) of this job throws a plain (retryable) error once. */
  failTransientlyOnce(jobId: string): void { this.failOnce.add(jobId); }
  /** addDemoItem of this job is refused as the domain would refuse it (not retryable). */
  refuseItems(jobId: string): void { this.refuse.add(jobId); }
  /** addDemoItem(1) of this job waits until `release`; `entered` resolves once it is waiting. */
  block(jobId: string): { entered: Promise<void>; release: () => void } {
    const gate = { entered: deferred(), release: deferred() };
    this.gates.set(jobId, gate);
    return { entered: gate.entered.promise, release: gate.release.resolve };
  }

  stepsOf(jobId: string): string[] {
    return this.calls.filter((c) => c.startsWith(`${jobId} `)).map((c) => c.slice(jobId.length + 1));
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
    slot.resolve();
  }

  readonly activities: Activities = {
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
  };
}
