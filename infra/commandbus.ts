/**
 * The command bus (DESIGN.md sections 1 and 3; docs/decisions/0003-command-bus-idempotency.md):
 * validate the input, load the aggregate, decide, append with the expected revision, retry a
 * bounded number of times on a concurrent modification, and answer a repeated command id with the
 * result it had the first time.
 */
import { v5 as uuidv5 } from 'uuid';
import type { z } from 'zod';
import type { Aggregate, CommandHandler, DomainEvent } from '../domain/shared/decider';
import { fieldErrorsOf, IllegalStateError, ValidationError } from '../domain/shared/errors';
import { commonMessages } from '../domain/shared/messages';
import { streamName, type Actor, type EventMetadata, type NewEvent, type Position, type RecordedEvent } from '../domain/shared/events';
import { WrongExpectedRevisionError, type EventStore } from './eventstore/port';
import { InvalidEventDataError } from './eventstore/schemas';

export interface DispatchContext {
  actor: Actor;
  /** Chosen by the caller and reused when it retries: the key of idempotency. */
  commandId: string;
  /** Defaults to commandId: a command from a user starts its own conversation. */
  correlationId?: string;
  /** Defaults to commandId. */
  causationId?: string;
  /** ISO-8601 instant the command happens at; the bus's clock when absent. */
  now?: string;
  /** Recorded in the events' metadata: the digest of the request an Idempotency-Key stands for. */
  requestHash?: string;
}

export interface DispatchResult<S> {
  streamId: string;
  aggregateId: string;
  /** The events this command appended (or had appended, when replayed). */
  events: RecordedEvent[];
  /** The aggregate's state right after those events. */
  state: S;
  /** Revision of the stream's last event after the command; -1 when the stream does not exist. */
  nextRevision: number;
  /** Position of the last appended event, for waiting on projections; null when nothing was appended. */
  position: Position | null;
  /** True when the command id had already been handled and nothing was decided again. */
  replayed: boolean;
}

export interface CommandBusOptions {
  /** Re-reads and re-decisions after a concurrent modification before giving up. Default 5. */
  maxRetries?: number;
  clock?: () => Date;
}

/** Fixed namespace of this platform's event ids: uuidv5(`${commandId}/${index}`, EVENT_ID_NAMESPACE). */
export const EVENT_ID_NAMESPACE = '0b8f3a3e-5c1e-4d7a-9a51-6f7d2c0e9b14';

export function eventIdFor(commandId: string, index: number): string {
  return uuidv5(`${commandId}/${index}`, EVENT_ID_NAMESPACE);
}

/** An aggregate decided an event its own schema rejects: a bug in the domain, not the user's input. */
export class InvalidDecidedEventError extends Error {
  constructor(readonly eventType: string, readonly issues: z.core.$ZodIssue[]) {
    super(`Decided event ${eventType} does not match its schema: ${issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ')}`);
    this.name = 'InvalidDecidedEventError';
  }
}


/**
 * Checks one event against the aggregate's schemas and types it. History is checked before folding
 * and decisions before appending: an aggregate's stream holds only events its type knows.
 */
function checkEvent<S, E extends DomainEvent>(aggregate: Aggregate<S, E>, type: string, data: unknown, fail: (issues: z.core.$ZodIssue[]) => Error): E {
  const schemas: Partial<Record<string, z.ZodType>> = aggregate.eventSchemas;
  const schema = schemas[type];
  if (!schema) throw fail([{ code: 'custom', path: [], message: `aggregate ${aggregate.category} has no event ${type}`, input: type }]);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw fail(parsed.error.issues);
  // Sound: `type` names a member of E and `data` passed that member's schema.
  return { type, data: parsed.data } as E;
}

function foldRecorded<S, E extends DomainEvent>(aggregate: Aggregate<S, E>, events: RecordedEvent[], from: S = aggregate.initialState): S {
  return events.reduce((state, e) => aggregate.evolve(state, checkEvent(aggregate, e.type, e.data,
    (issues) => new InvalidEventDataError(e.type, issues, `(reading ${e.streamId}@${e.revision})`))), from);
}

export class CommandBus {
  private readonly maxRetries: number;
  private readonly clock: () => Date;

  constructor(private readonly store: EventStore, options: CommandBusOptions = {}) {
    this.maxRetries = options.maxRetries ?? 5;
    this.clock = options.clock ?? (() => new Date());
  }

  async dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, rawInput: unknown, ctx: DispatchContext): Promise<DispatchResult<S>> {
    const parsed = handler.input.safeParse(rawInput);
    if (!parsed.success) throw new ValidationError(commonMessages.invalidInput, fieldErrorsOf(parsed.error.issues));
    const input = parsed.data;
    const aggregateId = handler.aggregateId(input);
    const streamId = streamName(handler.aggregate.category, aggregateId);
    if (handler.createsStream) {
      // One round trip fewer for a command that creates: its stream is new unless the command is
      // repeated. If the append finds the stream (or anything else goes wrong), the stream as it is
      // decides, exactly as without this attempt (nothing was appended).
      try {
        return await this.attempt(handler, input, ctx, aggregateId, streamId, []);
      } catch {
        // Decided again below from the stream read back.
      }
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(handler, input, ctx, aggregateId, streamId, null);
      } catch (err) {
        if (!(err instanceof WrongExpectedRevisionError)) throw err;
        if (attempt >= this.maxRetries) {
          const conflict = new IllegalStateError(commonMessages.concurrentModification, 'CONCURRENT_MODIFICATION');
          conflict.cause = err;
          throw conflict;
        }
        // Someone appended between our read and our append: their events may change the decision.
      }
    }
  }

  /**
   * The current state of one aggregate (or as of `upToRevision`), folded from its stream. For a command's checks about
   * another aggregate (decision 0006: whether a profile id's holder has it); deciding stays per stream.
   */
  async load<S, E extends DomainEvent>(aggregate: Aggregate<S, E>, aggregateId: string, upToRevision?: number): Promise<S> {
    const history = await this.store.readStream(streamName(aggregate.category, aggregateId));
    // A reactor folds the stream as it was at the event it reacts to (docs/decisions/0069).
    return foldRecorded(aggregate, upToRevision === undefined ? history : history.filter((e) => e.revision <= upToRevision));
  }

  /** One read, decision and append; `assumed` is the history to decide on without reading it (a creating command's: none). */
  private async attempt<I, S, E extends DomainEvent>(
    handler: CommandHandler<I, S, E>, input: I, ctx: DispatchContext, aggregateId: string, streamId: string, assumed: RecordedEvent[] | null,
  ): Promise<DispatchResult<S>> {
    const { aggregate } = handler;
    const history = assumed ?? await this.store.readStream(streamId);
    const base = { streamId, aggregateId };

    const lastOfCommand = history.findLastIndex((e) => e.metadata.commandId === ctx.commandId);
    if (lastOfCommand >= 0) {
      const upTo = history.slice(0, lastOfCommand + 1);
      const last = upTo[upTo.length - 1];
      return {
        ...base,
        events: upTo.filter((e) => e.metadata.commandId === ctx.commandId),
        state: foldRecorded(aggregate, upTo),
        nextRevision: last.revision,
        position: last.position,
        replayed: true,
      };
    }

    const state = foldRecorded(aggregate, history);
    const now = ctx.now ?? this.clock().toISOString();
    const decided = handler.decide(input, state, { actor: ctx.actor, now });
    const currentRevision = history.length ? history[history.length - 1].revision : -1;
    if (decided.length === 0) return { ...base, events: [], state, nextRevision: currentRevision, position: null, replayed: false };

    const checked = decided.map((e) => checkEvent(aggregate, e.type, e.data, (issues) => new InvalidDecidedEventError(e.type, issues)));
    const after = checked.reduce(aggregate.evolve, state);
    const metadata = this.metadata(handler, input, state, after, ctx, now);
    const events: NewEvent[] = checked.map((e, i) => ({ id: eventIdFor(ctx.commandId, i), type: e.type, data: e.data, metadata }));
    const result = await this.store.append(streamId, events, { expectedRevision: currentRevision >= 0 ? currentRevision : 'no_stream' });
    // The store answers the events as recorded, so the answer equals, field for field, what a
    // replay of this command id returns, without reading the stream again.
    const answer = { ...base, events: result.events, nextRevision: result.nextRevision, position: result.position };
    // A concurrent copy of this command (same ids, same place) won the race: its events are the
    // ones in the log, and its decision may differ in detail (its clock), so fold what it recorded.
    if (result.duplicate) return { ...answer, state: foldRecorded(aggregate, result.events, state), replayed: true };
    return { ...answer, state: after, replayed: false };
  }

  private metadata<I, S, E extends DomainEvent>(
    handler: CommandHandler<I, S, E>, input: I, before: S, after: S, ctx: DispatchContext, now: string,
  ): EventMetadata {
    // A creating command's tenant is known only once its events are folded (the state before is empty).
    const ecosystemId = handler.ecosystemId(input, before) ?? handler.ecosystemId(input, after);
    const programId = handler.programId ? handler.programId(input, before) ?? handler.programId(input, after) : undefined;
    return {
      ecosystemId,
      ...(programId === undefined ? {} : { programId }),
      actor: ctx.actor,
      commandId: ctx.commandId,
      correlationId: ctx.correlationId ?? ctx.commandId,
      causationId: ctx.causationId ?? ctx.commandId,
      occurredAt: now,
      // The event store stamps each event with its type's current schema version on append.
      schemaVersion: 1,
      ...(ctx.requestHash === undefined ? {} : { requestHash: ctx.requestHash }),
    };
  }
}
