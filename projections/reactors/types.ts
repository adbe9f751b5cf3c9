/**
 * An event reactor (docs/decisions/0069): follows the event log like a projection, but acts by
 * executing commands through the command bus. Delivery is at least once (a crash after a command
 * and before the checkpoint repeats the event), so every command a handler runs has an id derived
 * from the event and a key the handler names: the bus answers a repeated id from the log and
 * writes nothing twice.
 */
import type { Aggregate, CommandHandler, DomainEvent } from '../../domain/shared/decider';
import type { RecordedEvent } from '../../domain/shared/events';
import type { DispatchResult } from '../../infra/commandbus';

export interface ReactorContext {
  /**
   * Runs one command as the actor of the event, with the command id uuidv5(reactor, event id, `key`):
   * `key` must name the effect (the same effect of the same event, the same key).
   */
  execute<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: I, key: string): Promise<DispatchResult<S>>;
  /** An aggregate's state as of the reacted event (its stream folded up to the event's revision when it is the event's stream). */
  stateAt<S, E extends DomainEvent>(aggregate: Aggregate<S, E>, aggregateId: string): Promise<S>;
  /** The event's own aggregate just before the event (its initial state for a stream's first event): what the event changed. */
  stateBefore<S, E extends DomainEvent>(aggregate: Aggregate<S, E>): Promise<S>;
  /** The platform's clock: "now" of the reaction (not of the event, which may be replayed later). */
  now(): Date;
}

export type ReactorHandler = (event: RecordedEvent, ctx: ReactorContext) => Promise<void>;

export interface Reactor {
  /** Lower-case letters, digits and underscores; the row of projections.reactor_checkpoints. */
  name: string;
  /** Handlers per event type; the reactor fetches only these types. */
  handlers: Record<string, ReactorHandler>;
}
