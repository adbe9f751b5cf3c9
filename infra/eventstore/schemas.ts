/**
 * Optional validation of event data against zod schemas, shared by both adapters so that they
 * agree on what passes (DESIGN.md section 3: data is validated on append and on read).
 *
 * Types without a schema pass through unchecked: one log holds every aggregate's events, and not
 * every writer registers its schemas with every store instance (a projection reader only needs the
 * types it folds). Whoever must refuse unknown types (the command bus, for an aggregate's own
 * stream) checks against its own complete map.
 */
import type { ZodType } from 'zod';
import type { NewEvent, RecordedEvent } from '../../domain/shared/events';

export type EventSchemas = Readonly<Record<string, ZodType>>;

/** Event data that does not match its type's schema: a bug in the writer, or history needing an upcaster. */
export class InvalidEventDataError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
    readonly where: string,
  ) {
    const details = issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
    super(`Invalid data for event ${eventType} ${where}: ${details}`);
    this.name = 'InvalidEventDataError';
  }
}

function parseData(schemas: EventSchemas | undefined, type: string, data: unknown, where: string): unknown {
  const schema = schemas?.[type];
  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new InvalidEventDataError(type, parsed.error.issues, where);
  return parsed.data;
}

/** Validates before anything is written; returns the events with their parsed data (unknown keys stripped). */
export function validateNewEvents(schemas: EventSchemas | undefined, stream: string, events: readonly NewEvent[]): NewEvent[] {
  if (!schemas) return [...events];
  return events.map((e, i) => ({ ...e, data: parseData(schemas, e.type, e.data, `(appending #${i} to ${stream})`) }));
}

export function validateRecorded(schemas: EventSchemas | undefined, event: RecordedEvent): RecordedEvent {
  if (!schemas) return event;
  return { ...event, data: parseData(schemas, event.type, event.data, `(reading ${event.streamId}@${event.revision})`) };
}
