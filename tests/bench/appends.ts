/**
 * Benchmarks 1-3: the PostgreSQL event store's append against raw INSERT transactions, against
 * itself with eight writers, and with 100-event batches.
 */
import type pg from 'pg';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { INSERT_ONE_SQL, type InsertedRow } from '../../infra/eventstore/postgres-sql';
import type { EventStore } from '../../infra/eventstore/port';
import { drive, interleave, timeOnce, type Rate, type Variant } from './measure';
import { compare, type Comparison } from './report';
import { EVENTS_COPY_DDL, EVENTS_COPY_INSERT, RAW_INSERT, RAW_TABLE_DDL, StreamWriter, benchEvent, benchEvents, newStream, preload, preloadSql, rawValues } from './workload';

export interface Timing {
  rounds: number;
  roundMs: number;
  warmUpMs: number;
}

const MAX_OPS = 1_000_000;

function variant(label: string, t: Timing, measure: (ms: number) => Promise<Rate>): Variant {
  return { label, warmUp: () => measure(t.warmUpMs), run: () => measure(t.roundMs) };
}

/** `writers` loops, each appending `batch` events per append to a stream of its own (fresh per round). */
interface Counter {
  events: number;
}

function storeAppends(store: EventStore, counter: Counter, writers: number, batch: number) {
  return (ms: number) => {
    const streams = Array.from({ length: writers }, () => new StreamWriter());
    return drive({
      ms, workers: writers, maxOps: MAX_OPS,
      async op(w) {
        const s = streams[w];
        const r = await store.append(s.stream, batch === 1 ? [benchEvent(0)] : benchEvents(batch), { expectedRevision: s.expected });
        s.advanced(r.nextRevision);
        counter.events += batch;
        return batch;
      },
    });
  };
}

/** One writer, a new stream for every append ('no_stream'): the create-an-aggregate case. */
function storeAppendsToNewStreams(store: EventStore, counter: Counter) {
  return (ms: number) => drive({
    ms, workers: 1, maxOps: MAX_OPS,
    async op() {
      await store.append(newStream(), [benchEvent(0)], { expectedRevision: 'no_stream' });
      counter.events += 1;
      return 1;
    },
  });
}

/**
 * Diagnostic: the store's append statement (its happy path, INSERT_ONE_SQL) sent directly, one
 * writer, same stream: what append costs without the adapter's JavaScript and its NOTIFY.
 */
function appendStatementOnly(pool: pg.Pool, counter: Counter) {
  return (ms: number) => {
    const s = new StreamWriter();
    return drive({
      ms, workers: 1, maxOps: MAX_OPS,
      async op() {
        const e = benchEvent(0);
        const expected = s.expected === 'no_stream' ? -1 : s.expected;
        const { rows } = await pool.query<InsertedRow>({
          name: 'bench_append_sql', text: INSERT_ONE_SQL, values: [s.stream, expected, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
        });
        if (rows.length !== 1) throw new Error('the append statement appended nothing');
        s.advanced(rows[0].revision);
        counter.events += 1;
        return 1;
      },
    });
  };
}

/** `writers` loops of one-row INSERT statements, each its own (autocommit) transaction. */
function rawInserts(pool: pg.Pool, writers: number, statement: { name: string; text: string } = RAW_INSERT) {
  return (ms: number) => {
    const streams = Array.from({ length: writers }, () => ({ stream: newStream(), revision: 0 }));
    return drive({
      ms, workers: writers, maxOps: MAX_OPS,
      async op(w) {
        const s = streams[w];
        await pool.query({ ...statement, values: rawValues(s.stream, s.revision++, benchEvent(0)) });
        return 1;
      },
    });
  };
}

/** Copies the log into the two baseline tables and analyzes all three (which also replaces plans cached while they were empty). */
async function sameRowsInBaselines(pool: pg.Pool): Promise<void> {
  const columns = 'stream_id, revision, event_id, type, data, metadata';
  await pool.query(`INSERT INTO public.bench_raw_events (${columns}) SELECT ${columns} FROM public.events`);
  await pool.query(`INSERT INTO public.bench_events_copy (${columns}) SELECT ${columns} FROM public.events`);
  await pool.query('ANALYZE public.events, public.bench_raw_events, public.bench_events_copy');
}

/**
 * A running system's log is not empty and has statistics: append `events` first (through the
 * store, or for large logs in SQL), give the baseline tables the same rows, and ANALYZE all three.
 */
async function steadyState(pool: pg.Pool, store: EventStore, events: number, how: 'store' | 'sql', log: (line: string) => void): Promise<void> {
  const loaded = how === 'store' ? await preload(store, events) : await timeOnce(() => preloadSql(pool, events));
  await sameRowsInBaselines(pool);
  log(`   log preloaded with ${loaded.units} events ${how === 'sql' ? 'in SQL ' : ''}in ${loaded.seconds.toFixed(1)} s, copied and analyzed`);
}

const APPEND_TARGET = { minRatio: 0.75, text: '>= 75%' };

/** 1a and 1d on a log of `o.preloadEvents` events preloaded in SQL (BENCH_LARGE: 50,000 and 1,000,000). */
export async function appendOnLargeLog(pool: pg.Pool, o: Timing & { preloadEvents: number }, log: (line: string) => void): Promise<Comparison[]> {
  await pool.query(RAW_TABLE_DDL);
  await pool.query(EVENTS_COPY_DDL);
  const store = createPostgresEventStore(pool);
  try {
    await steadyState(pool, store, o.preloadEvents, 'sql', log);
    const size = o.preloadEvents.toLocaleString('en-US');
    log(`1a. single-event appends vs INSERT into a copy of events, on a log of ${size} events ...`);
    const [raw1, same, copy] = await interleave(o.rounds, [
      variant('raw INSERT, 1 writer', o, rawInserts(pool, 1)),
      variant('append, same stream, expected revision', o, storeAppends(store, { events: 0 }, 1, 1)),
      variant('plain INSERT into a copy of public.events', o, rawInserts(pool, 1, EVENTS_COPY_INSERT)),
    ]);
    return [
      compare({ id: `1a@${size}`, title: `single-event append vs INSERT into a copy of events, log of ${size}`, unit: 'appends', subject: same, baseline: copy, target: APPEND_TARGET }),
      compare({ id: `1d@${size}`, title: `INSERT into a copy of events vs raw INSERT, ${size} rows`, unit: 'inserts', subject: copy, baseline: raw1 }),
    ];
  } finally {
    await store.close();
  }
}

export async function appendBenchmarks(pool: pg.Pool, o: Timing & { preloadEvents: number }, log: (line: string) => void): Promise<Comparison[]> {
  const t: Timing = o;
  await pool.query(RAW_TABLE_DDL);
  await pool.query(EVENTS_COPY_DDL);
  const store = createPostgresEventStore(pool);
  const counter: Counter = { events: o.preloadEvents };
  try {
    await steadyState(pool, store, o.preloadEvents, 'store', log);
    log('1. single-event appends vs one-row INSERTs into a copy of events and into a plain table ...');
    const [raw1, same, fresh, statement, copy] = await interleave(t.rounds, [
      variant('raw INSERT, 1 writer', t, rawInserts(pool, 1)),
      variant('append, same stream, expected revision', t, storeAppends(store, counter, 1, 1)),
      variant('append, new stream each, no_stream', t, storeAppendsToNewStreams(store, counter)),
      variant('append statement alone, same stream', t, appendStatementOnly(pool, counter)),
      variant('plain INSERT into a copy of public.events', t, rawInserts(pool, 1, EVENTS_COPY_INSERT)),
    ]);
    const results = [
      compare({ id: '1a', title: 'single-event append vs INSERT into a copy of events, one writer', unit: 'appends', subject: same, baseline: copy, target: APPEND_TARGET }),
      compare({ id: '1b', title: 'single-event append to a new stream vs INSERT into a copy of events', unit: 'appends', subject: fresh, baseline: copy, target: APPEND_TARGET }),
      compare({ id: '1c', title: 'diagnostic: the append statement alone (no adapter, no NOTIFY) vs INSERT into a copy', unit: 'appends', subject: statement, baseline: copy,
        notes: ['the part of 1a that is the SQL itself; the rest of the gap is the adapter (JSON, checks) and its NOTIFY'] }),
      compare({ id: '1d', title: 'INSERT into a copy of public.events vs raw INSERT into a plain table', unit: 'inserts', subject: copy, baseline: raw1,
        notes: ['what the events table itself costs (two unique keys, two more indexes, generated column), whatever writes to it'] }),
    ];

    log('2. eight writers on separate streams vs one writer ...');
    const [one, eight, rawOne, rawEight] = await interleave(t.rounds, [
      variant('1 writer', t, storeAppends(store, counter, 1, 1)),
      variant('8 writers', t, storeAppends(store, counter, 8, 1)),
      variant('raw INSERT, 1 writer', t, rawInserts(pool, 1)),
      variant('raw INSERT, 8 writers', t, rawInserts(pool, 8)),
    ]);
    const scaling = compare({ id: '2', title: 'appends, 8 writers on separate streams vs 1 writer', unit: 'appends', subject: eight, baseline: one, target: { minRatio: 1.5, text: '>= 1.5x' } });
    const rawScaling = compare({ id: '2r', title: 'reference: raw INSERTs, 8 writers vs 1 writer', unit: 'inserts', subject: rawEight, baseline: rawOne,
      notes: ['what this machine and server allow any writer: the ceiling for benchmark 2'] });
    scaling.notes.push(`the event store keeps ${(100 * scaling.ratio / rawScaling.ratio).toFixed(0)}% of the scaling raw INSERTs get on this machine (2 / 2r)`);
    results.push(scaling, rawScaling);

    log('3. 100-event batch appends vs single-event appends ...');
    const [single, batch] = await interleave(t.rounds, [
      variant('single-event appends', t, storeAppends(store, counter, 1, 1)),
      variant('100-event appends', t, storeAppends(store, counter, 1, 100)),
    ]);
    results.push(compare({ id: '3', title: '100-event batch appends vs single-event appends', unit: 'events', subject: batch, baseline: single }));

    // Sanity: every append reported as done is in the log (a silent no-op would flatter the figures).
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM public.events');
    const check = Number(rows[0].n) === counter.events
      ? `checked: the log holds exactly the ${counter.events} events the appends reported`
      : `WARNING: the log holds ${rows[0].n} events but the appends reported ${counter.events}`;
    log(`   ${check}`);
    results[0].notes.push(check);
    return results;
  } finally {
    await store.close();
  }
}

/**
 * 1e: the first seconds of a fresh, empty, never-analyzed log, the case the steady-state figures
 * above leave out (a new deployment, every test database): appends against raw INSERTs as in 1a.
 */
export async function freshLogBenchmark(pool: pg.Pool, t: Timing, log: (line: string) => void): Promise<Comparison> {
  await pool.query(RAW_TABLE_DDL);
  const store = createPostgresEventStore(pool);
  try {
    log('1e. single-event appends on a fresh, empty log ...');
    const [raw, append] = await interleave(t.rounds, [
      variant('raw INSERT, 1 writer', t, rawInserts(pool, 1)),
      variant('append, same stream, expected revision', t, storeAppends(store, { events: 0 }, 1, 1)),
    ]);
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM public.events');
    const rounds = append.rounds.map((r) => Math.round(r)).join(', ');
    return compare({
      id: '1e', title: 'single-event append on a fresh, never-analyzed log', unit: 'appends', subject: append, baseline: raw,
      target: { minRatio: 0.5, text: '>= 50%' },
      notes: [`append rate by round as the log grew from 0 to ${rows[0].n} events: ${rounds} /s`],
    });
  } finally {
    await store.close();
  }
}
