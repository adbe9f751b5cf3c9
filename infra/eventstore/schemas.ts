/**
 * What both adapters do to event data, in one place so that they agree (DESIGN.md section 3):
 * on append, validate against the type's zod schema and stamp the schema version; on read, upcast
 * older versions step by step, then validate (docs/decisions/0016-poison-events-and-upcasting.md).
 *
 * Types without a schema pass through unchecked: one log holds every aggregate's events, and not
 * every store instance registers every schema. Whoever must refuse unknown types (the command bus,
 * for an aggregate's own stream) checks against its own complete map.
 */
import type { ZodType } from 'zod';
import type { NewEvent, RecordedEvent, Upcaster } from '../../domain/shared/events';

export type EventSchemas = Readonly<Record<string, ZodType>>;

/** The event types a store knows: their schemas (current version) and how to upcast older versions. */
export interface EventTypes {
  schemas?: EventSchemas;
  upcasters?: readonly Upcaster[];
}

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

const issue = (message: string) => [{ path: [], message }];

export class EventCodec {
  private readonly schemas: EventSchemas;
  /** Per type, the upcaster of each version: index 0 upcasts version 1. */
  private readonly chains = new Map<string, Upcaster[]>();

  constructor(types: EventTypes = {}) {
    this.schemas = types.schemas ?? {};
    const byType = new Map<string, Upcaster[]>();
    for (const u of types.upcasters ?? []) byType.set(u.type, [...(byType.get(u.type) ?? []), u]);
    for (const [type, list] of byType) {
      const sorted = [...list].sort((a, b) => a.fromVersion - b.fromVersion);
      // A gap or a duplicate would silently skip or repeat a step on some events: refuse at start-up.
      sorted.forEach((u, i) => {
        if (u.fromVersion !== i + 1) throw new Error(`Upcasters of ${type} must cover versions 1, 2, ... once each; found ${sorted.map((x) => x.fromVersion).join(', ')}`);
      });
      this.chains.set(type, sorted);
    }
  }

  /** The version new events of `type` are written in: one past its last upcaster. */
  currentVersion(type: string): number {
    return (this.chains.get(type)?.length ?? 0) + 1;
  }

  /**
   * Validates before anything is written; returns the events with parsed data and, for the types
   * this codec knows, their current version stamped (the writer's stamp stays on the others).
   */
  encode(stream: string, events: readonly NewEvent[]): NewEvent[] {
    return events.map((e, i) => {
      if (!this.knows(e.type)) return e;
      const data = this.parse(e.type, e.data, `(appending #${i} to ${stream})`);
      return { ...e, data, metadata: { ...e.metadata, schemaVersion: this.currentVersion(e.type) } };
    });
  }

  private knows(type: string): boolean {
    return Object.hasOwn(this.schemas, type) || this.chains.has(type);
  }

  /** Upcasts and validates; throws InvalidEventDataError. For readStream and stream subscriptions. */
  decode(event: RecordedEvent): RecordedEvent {
    if (!this.knows(event.type)) return event;
    const where = `(reading ${event.streamId}@${event.revision})`;
    const version = this.currentVersion(event.type);
    const data = this.parse(event.type, this.upcast(event, where), where);
    return version === event.metadata.schemaVersion && data === event.data
      ? event
      : { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
  }

  /** Like decode, but an event that fails comes back as stored, with `decodeError` set. For readAll. */
  decodeOrMark(event: RecordedEvent): RecordedEvent {
    try {
      return this.decode(event);
    } catch (err) {
      if (!(err instanceof InvalidEventDataError)) throw err;
      return { ...event, decodeError: err.message };
    }
  }

  private upcast(event: RecordedEvent, where: string): unknown {
    const chain = this.chains.get(event.type) ?? [];
    const stored = event.metadata?.schemaVersion;
    // Events from before versioning, or with a broken stamp, are version 1.
    const from = Number.isInteger(stored) && stored >= 1 ? stored : 1;
    if (from > chain.length + 1) {
      throw new InvalidEventDataError(event.type, issue(`schema version ${from} is newer than this code knows (${chain.length + 1})`), where);
    }
    let data = event.data;
    for (const step of chain.slice(from - 1)) {
      try {
        data = step.upcast(data, event.metadata);
      } catch (err) {
        throw new InvalidEventDataError(event.type, issue(`upcasting from version ${step.fromVersion} failed: ${(err as Error).message}`), where);
      }
    }
    return data;
  }

  private parse(type: string, data: unknown, where: string): unknown {
    const schema = Object.hasOwn(this.schemas, type) ? this.schemas[type] : undefined;
    if (!schema) return data;
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new InvalidEventDataError(type, parsed.error.issues, where);
    return parsed.data;
  }
}
