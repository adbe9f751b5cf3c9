/**
 * How activities reach the domain: the command bus, as a port. Every command an activity sends
 * has a command id derived from its job and step (a retry is recognised as the same command), the
 * job id as correlation id (the breadcrumbs of one job hang together), and the time of sending
 * (the domain never reads the clock). Business refusals become non-retryable failures, because no
 * retry can change them; anything else (a lost connection) is left for the engine to retry.
 */
import { ApplicationFailure } from '@temporalio/common';
import { ZodError } from 'zod';
import type { CommandHandler, DomainEvent } from '../domain/shared/decider';
import { DomainError } from '../domain/shared/errors';
import type { Actor } from '../domain/shared/events';
import { JobCancelledError } from '../domain/job/errors';
import type { JobRunArgs } from './engine/port';
import { JOB_CANCELLED } from './failures';
import { stepCommandId } from './ids';

export interface DispatchOptions {
  actor: Actor;
  commandId: string;
  correlationId?: string;
  causationId?: string;
  now?: string;
}

/** The part of infra/commandbus.ts's CommandBus that activities use. */
export interface CommandDispatcher {
  dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown, options: DispatchOptions): Promise<{ state: S }>;
}

export type Send = <I, S, E extends DomainEvent>(step: string, handler: CommandHandler<I, S, E>, input: I) => Promise<S>;

export function toActivityFailure(err: unknown): unknown {
  if (err instanceof JobCancelledError) {
    return ApplicationFailure.create({ message: err.message, type: JOB_CANCELLED, nonRetryable: true });
  }
  if (err instanceof DomainError) {
    const conflictType = 'conflictType' in err ? String(err.conflictType) : null;
    return ApplicationFailure.create({ message: err.message, type: 'DomainError', nonRetryable: true, details: [{ code: err.code, conflictType }] });
  }
  if (err instanceof ZodError) {
    return ApplicationFailure.create({ message: `Invalid command input: ${err.issues.map((i) => i.message).join('; ')}`, type: 'ZodError', nonRetryable: true });
  }
  return err;
}

/** A `send` bound to one job run. */
export function sender(bus: CommandDispatcher, clock: () => Date, args: JobRunArgs): Send {
  return async (step, handler, input) => {
    try {
      const result = await bus.dispatch(handler, input, {
        actor: args.actor,
        commandId: stepCommandId(args.jobId, step),
        correlationId: args.jobId,
        now: clock().toISOString(),
      });
      return result.state;
    } catch (err) {
      throw toActivityFailure(err);
    }
  };
}
