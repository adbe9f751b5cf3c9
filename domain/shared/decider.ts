/**
 * The shape every aggregate follows: `decide` turns a command and the current state into events,
 * `evolve` folds events into state. Both pure.
 */
import type { z } from 'zod';
import type { Actor } from './events';

export interface CommandContext {
  actor: Actor;
  /** ISO-8601 instant supplied by the caller: the domain never reads the clock. */
  now: string;
}

export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** An aggregate: its stream category, how its state evolves, and the schema of each event type. */
export interface Aggregate<State, Event extends DomainEvent> {
  category: string;
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Validates event data on append and on read. */
  eventSchemas: { [T in Event['type']]: z.ZodType<Extract<Event, { type: T }>['data']> };
}

/**
 * Everything the command bus needs to run one command type: its input schema, which aggregate
 * instance it targets, the tenant it belongs to, and the decision itself.
 */
export interface CommandHandler<Input, State, Event extends DomainEvent> {
  type: string;
  input: z.ZodType<Input>;
  aggregate: Aggregate<State, Event>;
  /** The aggregate id; the stream is `<category>-<id>`. */
  aggregateId(input: Input): string;
  ecosystemId(input: Input, state: State): string | null;
  programId?(input: Input, state: State): string | null;
  decide(input: Input, state: State, ctx: CommandContext): Event[];
  /**
   * The command starts its aggregate's stream (the id is new: derived from an Idempotency-Key, or
   * random), so the bus appends expecting no stream before reading it, and reads only when that
   * append finds the stream there (a repeated command, answered from the log as usual).
   */
  createsStream?: true;
}

export function fold<State, Event extends DomainEvent>(aggregate: Pick<Aggregate<State, Event>, 'initialState' | 'evolve'>, events: Event[]): State {
  return events.reduce(aggregate.evolve, aggregate.initialState);
}
