/**
 * An in-memory stand-in for infra/commandbus.ts in unit tests: the same contract (validate, fold,
 * decide, append; a repeated command id on a stream answers its first result) over plain arrays,
 * so activities run against the real domain without a database.
 */
import { fold, type CommandHandler, type DomainEvent } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/errors';
import { streamName } from '../../domain/shared/events';
import type { CommandDispatcher, DispatchOptions } from '../dispatch';
import { commonMessages } from '../../domain/shared/messages';

export interface StoredEvent extends DomainEvent {
  stream: string;
  commandId: string;
  actorUserId: string;
  correlationId: string | undefined;
}

export class MemoryBus implements CommandDispatcher {
  readonly log: StoredEvent[] = [];
  readonly dispatched: Array<{ type: string; commandId: string }> = [];

  stream(name: string): StoredEvent[] {
    return this.log.filter((e) => e.stream === name);
  }

  async dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, rawInput: unknown, options: DispatchOptions): Promise<{ state: S }> {
    this.dispatched.push({ type: handler.type, commandId: options.commandId });
    const parsed = handler.input.safeParse(rawInput);
    if (!parsed.success) throw new ValidationError(commonMessages.invalidInput);
    const stream = streamName(handler.aggregate.category, handler.aggregateId(parsed.data));
    const history = this.stream(stream) as unknown as Array<StoredEvent & E>;
    const last = history.findLastIndex((e) => e.commandId === options.commandId);
    if (last >= 0) return { state: fold(handler.aggregate, history.slice(0, last + 1)) };
    const state = fold(handler.aggregate, history);
    const decided = handler.decide(parsed.data, state, { actor: options.actor, now: options.now ?? new Date().toISOString() });
    for (const e of decided) {
      this.log.push({ type: e.type, data: e.data, stream, commandId: options.commandId, actorUserId: options.actor.userId, correlationId: options.correlationId });
    }
    return { state: fold(handler.aggregate, [...history, ...decided]) };
  }

  /** Appends events directly, as another writer would (e.g. an admin cancelling the job). */
  seed(stream: string, events: DomainEvent[]): void {
    for (const e of events) this.log.push({ ...e, stream, commandId: `seed-${this.log.length}`, actorUserId: 'seed', correlationId: undefined });
  }
}
