/** Events shaped like the platform's own (a program edit with full metadata) and the raw-table twin. */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { NewEvent } from '../../domain/shared/events';
import type { EventStore, ExpectedRevision } from '../../infra/eventstore/port';
import { drive, type Rate } from './measure';

export const EVENT_TYPE = 'BenchProgramEdited';

const ECOSYSTEM = randomUUID();
const PROGRAM = randomUUID();
const ACTOR = randomUUID();

export function benchEvent(n: number): NewEvent {
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type: EVENT_TYPE,
    data: { programId: PROGRAM, name: `Algebra ${n}`, description: 'Weekly algebra sessions for year 9.', capacity: 24, archived: false },
    metadata: {
      ecosystemId: ECOSYSTEM,
      programId: PROGRAM,
      actor: { userId: ACTOR, role: 'PROGRAM_ADMIN' },
      commandId,
      correlationId: commandId,
      causationId: commandId,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export function benchEvents(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, i) => benchEvent(i));
}

export function newStream(category = 'program'): string {
  return `${category}-${randomUUID()}`;
}

/** One aggregate's stream, appended to with the exact expected revision, as the command bus does. */
export class StreamWriter {
  readonly stream = newStream();
  private revision = -1;

  get expected(): ExpectedRevision {
    return this.revision < 0 ? 'no_stream' : this.revision;
  }

  advanced(nextRevision: number): void {
    this.revision = nextRevision;
  }
}

/** A plain table as wide as public.events' written columns, with only a primary key. */
export const RAW_TABLE_DDL = `
CREATE TABLE public.bench_raw_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream_id   text NOT NULL,
  revision    integer NOT NULL,
  event_id    uuid NOT NULL,
  type        text NOT NULL,
  data        jsonb NOT NULL,
  metadata    jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
)`;

/** Diagnostic: public.events' exact shape (identity, generated category, defaults, unique keys, indexes). */
export const EVENTS_COPY_DDL = 'CREATE TABLE public.bench_events_copy (LIKE public.events INCLUDING ALL)';

export const EVENTS_COPY_INSERT = {
  name: 'bench_events_copy_insert',
  text: 'INSERT INTO public.bench_events_copy (stream_id, revision, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
};

export const RAW_INSERT = {
  name: 'bench_raw_insert',
  text: 'INSERT INTO public.bench_raw_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
};

export function rawValues(stream: string, revision: number, e: NewEvent): unknown[] {
  return [stream, revision, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)];
}

/** Appends `count` events in 100-event appends to new streams (two writers), bounded by `ms`. */
export function preload(store: EventStore, count: number, ms = 180_000): Promise<Rate> {
  let done = 0;
  return drive({
    ms, workers: 2, maxOps: Math.ceil(count / 100),
    async op() {
      const n = Math.min(100, count - done * 100);
      done += 1;
      await store.append(newStream(done % 3 === 0 ? 'session' : 'program'), benchEvents(n), { expectedRevision: 'no_stream' });
      return n;
    },
  });
}

/**
 * The same workload written in SQL, for logs too large to append through the store in reasonable
 * time (BENCH_LARGE): streams of 100 events (every third a session stream), the events' data and
 * metadata shaped as benchEvent's, in transactions of 100,000 events.
 */
const PRELOAD_SQL = `
INSERT INTO public.events (stream_id, revision, event_id, type, data, metadata)
SELECT CASE WHEN (g / 100) % 3 = 0 THEN 'session-' ELSE 'program-' END || md5('bench-stream-' || (g / 100))::uuid,
       g % 100, gen_random_uuid(), '${EVENT_TYPE}',
       jsonb_build_object('programId', $3::text, 'name', 'Algebra ' || g, 'description', 'Weekly algebra sessions for year 9.',
                          'capacity', 24, 'archived', false),
       jsonb_build_object('ecosystemId', $4::text, 'programId', $3::text, 'actor', jsonb_build_object('userId', $5::text, 'role', 'PROGRAM_ADMIN'),
                          'commandId', md5('bench-command-' || g)::uuid, 'correlationId', md5('bench-command-' || g)::uuid,
                          'causationId', md5('bench-command-' || g)::uuid, 'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'schemaVersion', 1)
FROM generate_series($1::int, $2::int - 1) AS g`;

const PRELOAD_CHUNK = 100_000;

export async function preloadSql(pool: Pool, count: number): Promise<number> {
  for (let from = 0; from < count; from += PRELOAD_CHUNK) {
    await pool.query(PRELOAD_SQL, [from, Math.min(count, from + PRELOAD_CHUNK), PROGRAM, ECOSYSTEM, ACTOR]);
  }
  return count;
}
