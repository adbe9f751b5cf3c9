/**
 * The envelope every domain event travels in (DESIGN.md section 3). Pure types: the event store
 * adapters in infra/ persist exactly this shape.
 */
export type Role = 'PLATFORM_ADMIN' | 'SUPER_ADMIN' | 'PROGRAM_ADMIN' | 'TEACHER' | 'STAFF' | 'LEADER' | 'PUPIL' | 'PARENT' | 'STUDENT' | 'MEMBER' | 'SYSTEM';

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
  schemaVersion: number;
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
