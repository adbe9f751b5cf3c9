/**
 * The envelope every domain event travels in (DESIGN.md section 3). Pure types: the event store
 * adapters in infra/ persist exactly this shape.
 */
/**
 * SYSTEM: the platform acting on its own (seeding, workflows). OPERATOR: a person at the command
 * line of the server (`npm run projections -- skip ...`), named in the actor's userId as
 * `operator:<login>`.
 */
export type Role = 'PLATFORM_ADMIN' | 'SUPER_ADMIN' | 'PROGRAM_ADMIN' | 'TEACHER' | 'STAFF' | 'LEADER' | 'PUPIL' | 'PARENT' | 'STUDENT' | 'MEMBER' | 'SYSTEM' | 'OPERATOR';

export interface Actor {
  userId: string;
  role: Role;
}

export interface EventMetadata {
  /** The tenant. Null only for events outside any ecosystem (for example a platform admin's account). */
  ecosystemId: string | null;
  programId?: string | null;
  actor: Actor;
  commandId: string;
  correlationId: string;
  causationId: string;
  /** ISO-8601 instant, taken from the command (domain code never reads the clock). */
  occurredAt: string;
  /**
   * Version of the shape of `data` for this event type, stamped by the event store on append (the
   * version its schema describes). Older versions are upcast when read (see Upcaster).
   */
  schemaVersion: number;
  /**
   * Digest of the API request (mutation field and arguments) whose Idempotency-Key derived this
   * command's id; a repeat of the key must carry the same digest (decision 0017). Absent otherwise.
   */
  requestHash?: string;
}

/** An event about to be appended. `id` is derived from the command id and the event's index. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A position in the global log. PostgreSQL: commit = writer's transaction id (xid8), prepare =
 * global_position. EventStoreDB: its commit and prepare positions. Ordered by (commit, prepare).
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 0-based index of the event in its stream. */
  revision: number;
  position: Position;
  recordedAt: string;
  /**
   * Set when the event's data fails its type's schema (after upcasting): the data is then exactly
   * as stored. Only readAll and subscribeAll deliver such events, so that one bad event stops only
   * the consumers of its type (DESIGN.md section 3); readStream and stream subscriptions throw.
   */
  decodeError?: string;
}

/**
 * Turns version `fromVersion` of an event type's data into version `fromVersion + 1`. Applied on
 * read, before validation, by every event-store adapter; history is never rewritten. Must be pure:
 * a replay upcasts the same event again and must get the same data.
 */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: unknown, metadata: EventMetadata): unknown;
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function streamName(category: string, id: string): string {
  return `${category}-${id}`;
}

export function streamCategory(stream: string): string {
  const i = stream.indexOf('-');
  return i < 0 ? stream : stream.slice(0, i);
}
