import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startBatchJob } from '../domain/job/handlers';
import type { Actor } from '../domain/shared/events';
import type { StartableWorkflowName, StartResult, WorkflowArgs, WorkflowEngine } from './engine/port';
import { ENGINE_REFUSED, launchBatchJob, type Execute } from './launch';
import { MemoryBus } from './testing/memory-bus';

const admin: Actor = { userId: 'admin-1', role: 'PLATFORM_ADMIN' };

/** An engine whose worker is so quick that the workflow's first step lands before startWorkflow returns. */
class InstantEngine implements WorkflowEngine {
  readonly kind = 'pg-boss' as const;
  constructor(private readonly bus: MemoryBus, private readonly refuse = false) {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async startWorkflow<N extends StartableWorkflowName>(_name: N, _workflowId: string, args: WorkflowArgs[N]): Promise<StartResult> {
    if (this.refuse) throw new Error('connection refused');
    if (!('jobId' in args)) throw new Error('this engine runs batch jobs only');
    await this.bus.dispatch(startBatchJob, { jobId: args.jobId, total: 3 }, { actor: admin, commandId: randomUUID() });
    return { started: true };
  }
  async cancelWorkflow(): Promise<void> {}
  async schedule(): Promise<void> {}
  async unschedule(): Promise<void> {}
}

function recordingExecute(bus: MemoryBus, appended: number[]): Execute {
  return async (handler, input) => {
    const before = bus.log.length;
    const result = await bus.dispatch(handler, input, { actor: admin, commandId: randomUUID() });
    appended.push(bus.log.length - before);
    return result;
  };
}

const request = (jobId: string) => ({
  jobId, ecosystemId: randomUUID(), jobName: 'createEcosystemDemoData' as const, metadata: { demoSessionsStartDate: '2026-12-01' }, actor: admin,
});

describe('launchBatchJob', () => {
  it('records the submission before the workflow can move the job on, so every launch command appends what the caller waits for', async () => {
    const bus = new MemoryBus();
    const appended: number[] = [];
    const jobId = randomUUID();
    await launchBatchJob(recordingExecute(bus, appended), new InstantEngine(bus), request(jobId));
    expect(bus.stream(`batchjob-${jobId}`).map((e) => e.type)).toEqual(['BatchJobQueued', 'BatchJobSubmitted', 'BatchJobStarted']);
    // Each command the launcher sends appended an event: the mutation waits for its position.
    expect(appended).toEqual([1, 1]);
  });

  it('fails the job when the engine refuses the start, and reports the refusal', async () => {
    const bus = new MemoryBus();
    const jobId = randomUUID();
    await expect(launchBatchJob(recordingExecute(bus, []), new InstantEngine(bus, true), request(jobId))).rejects.toThrow('connection refused');
    const events = bus.stream(`batchjob-${jobId}`);
    expect(events.map((e) => e.type)).toEqual(['BatchJobQueued', 'BatchJobSubmitted', 'BatchJobFailed']);
    expect(events[2].data).toMatchObject({ error: ENGINE_REFUSED });
  });
});
