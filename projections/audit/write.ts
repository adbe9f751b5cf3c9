/**
 * Writing one batch of events into the audit trail (projections/audit/tables.ts). Everything the
 * rows need comes from earlier events, read back from the audit's own tables (job runs, people),
 * so a rebuild writes exactly the rows the live projection did, wherever batches split.
 */
import type { PoolClient } from 'pg';
import type { RecordedEvent } from '../../domain/shared/events';
import { describeEvent, targetOf } from './describe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JOB_CATEGORY = 'batchjob';

/** The status a batch-job event leaves its run in. */
const RUN_STATUS: Record<string, string> = {
  BatchJobQueued: 'QUEUED', BatchJobSubmitted: 'SUBMITTED', BatchJobStarted: 'PROCESSING',
  BatchJobFinished: 'FINISHED', BatchJobFailed: 'FAILED', BatchJobCancelled: 'CANCELLED',
};

interface Run { run_id: string; ecosystem_id: string | null; job_name: string; status: string; entry_commit: string; entry_prepare: string }

type Table = (name: string) => string;
type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});
const uuidOrNull = (value: string | null | undefined): string | null => (value && UUID.test(value) ? value : null);

function personName(data: Data): string | null {
  const first = typeof data.preferredName === 'string' && data.preferredName.trim() ? data.preferredName : data.firstName;
  const name = [first, data.lastName].filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(' ').trim();
  return name || (typeof data.email === 'string' ? data.email : null);
}

interface Known { kind: 'run' | 'person' | 'keyed'; id: string; name: string | null; status: string | null; ecosystem_id: string | null; entry_commit: string | null; entry_prepare: string | null }

/**
 * What earlier batches learned that this one needs, in one round trip: the runs its events may
 * belong to, the people they name, and whether breadcrumbs has its primary key yet (a loading
 * rebuild creates it last, tables.ts). Asked in the batch's transaction, which holds the build's
 * checkpoint row, as creating the key does: the answer holds for the whole batch.
 */
async function loadKnown(client: PoolClient, table: Table, ids: { runs: string[]; people: string[] }): Promise<{ runs: Map<string, Run>; people: Map<string, string>; keyed: boolean }> {
  const r = await client.query<Known>(`
    SELECT 'run' AS kind, run_id AS id, job_name AS name, status, ecosystem_id::text, entry_commit::text, entry_prepare::text
      FROM ${table('breadcrumb_runs')} WHERE run_id = ANY($1::text[])
    UNION ALL
    SELECT 'person', user_id, name, NULL, NULL, NULL, NULL FROM ${table('audit_people')} WHERE user_id = ANY($2::text[])
    UNION ALL
    SELECT 'keyed', '', NULL, NULL, NULL, NULL, NULL FROM pg_constraint WHERE conrelid = $3::regclass AND contype = 'p'`,
  [ids.runs, ids.people, table('breadcrumbs')]);
  const runs = new Map<string, Run>();
  const people = new Map<string, string>();
  let keyed = false;
  for (const k of r.rows) {
    if (k.kind === 'keyed') keyed = true;
    else if (k.kind === 'person') people.set(k.id, k.name ?? '');
    else runs.set(k.id, { run_id: k.id, ecosystem_id: k.ecosystem_id, job_name: k.name ?? 'unknown', status: k.status ?? 'QUEUED', entry_commit: k.entry_commit ?? '0', entry_prepare: k.entry_prepare ?? '0' });
  }
  return { runs, people, keyed };
}

/** The run an event is a step of: a job's own events, and every event its run dispatched (correlated by job id). */
function runOf(event: RecordedEvent, runs: Map<string, Run>): string | null {
  const target = targetOf(event);
  if (target.type === JOB_CATEGORY && target.id) return target.id;
  const correlation = event.metadata?.correlationId;
  return correlation && runs.has(correlation) ? correlation : null;
}

function trackRun(event: RecordedEvent, runId: string, runs: Map<string, Run>, changed: Set<string>): Run {
  let run = runs.get(runId);
  if (!run) {
    const jobName = dataOf(event).jobName;
    run = {
      run_id: runId, ecosystem_id: uuidOrNull(event.metadata?.ecosystemId), job_name: typeof jobName === 'string' ? jobName : 'unknown',
      status: 'QUEUED', entry_commit: event.position.commit.toString(), entry_prepare: event.position.prepare.toString(),
    };
    runs.set(runId, run);
  }
  const status = targetOf(event).type === JOB_CATEGORY ? RUN_STATUS[event.type] : undefined;
  if (status) run.status = status;
  changed.add(runId);
  return run;
}

interface Facet { ecosystem_id: string; kind: 'actor' | 'action' | 'target' | 'type'; value: string; label: string | null; detail: string | null }

/** What a batch learns as it goes, in log order: runs, people, and the facets to upsert. */
interface BatchState {
  runs: Map<string, Run>;
  people: Map<string, string>;
  newPeople: Map<string, string>;
  changedRuns: Set<string>;
  facets: Map<string, Facet>;
}

/** The latest detail wins; a label only replaces an earlier one (a null label keeps what was known). */
function noteFacet(state: BatchState, ecosystemId: string, kind: Facet['kind'], value: string, label: string | null, detail: string | null): void {
  const key = `${ecosystemId}\u0000${kind}\u0000${value}`;
  const previous = state.facets.get(key);
  if (!previous) {
    state.facets.set(key, { ecosystem_id: ecosystemId, kind, value, label, detail });
    return;
  }
  if (label !== null) previous.label = label;
  previous.detail = detail;
}

function notePerson(event: RecordedEvent, state: BatchState): void {
  const data = dataOf(event);
  const name = event.type === 'UserRegistered' && typeof data.userId === 'string' ? personName(data) : null;
  if (!name) return;
  state.people.set(String(data.userId), name);
  state.newPeople.set(String(data.userId), name);
}

/** One breadcrumbs row, its values in the order of ROW_COLUMNS. */
function rowOf(event: RecordedEvent, state: BatchState): unknown[] {
  const m = event.metadata;
  const target = targetOf(event);
  notePerson(event, state);
  const runId = runOf(event, state.runs);
  const run = runId ? trackRun(event, runId, state.runs, state.changedRuns) : null;
  const { summary, changes, targetName, decodeError } = describeEvent(event);
  const ecosystemId = uuidOrNull(m?.ecosystemId);
  const actorId = m?.actor?.userId ?? 'unknown';
  const actorRole = m?.actor?.role ?? 'UNKNOWN';
  if (ecosystemId) {
    noteFacet(state, ecosystemId, 'actor', actorId, state.people.get(actorId) ?? null, actorRole);
    noteFacet(state, ecosystemId, 'action', event.type, null, null);
    const targetLabel = targetName ?? (target.type === 'user' ? state.people.get(target.id) ?? null : null);
    noteFacet(state, ecosystemId, 'target', `${target.type}:${target.id}`, targetLabel, null);
    noteFacet(state, ecosystemId, 'type', target.type, null, null);
  }
  const commit = event.position.commit.toString();
  const prepare = event.position.prepare.toString();
  const occurredAt = m?.occurredAt && !Number.isNaN(Date.parse(m.occurredAt)) ? m.occurredAt : event.recordedAt;
  return [
    event.id, commit, prepare, ecosystemId, uuidOrNull(m?.programId), occurredAt, actorId, actorRole, target.type, target.id,
    event.type, summary, changes, m?.commandId ?? null, m?.correlationId ?? null, runId,
    run?.entry_commit ?? commit, run?.entry_prepare ?? prepare, decodeError,
  ];
}

/** Ids a batch may need from earlier batches: runs its events may belong to, people they name. */
function idsOf(events: readonly RecordedEvent[]): { runs: string[]; people: string[] } {
  const runs = new Set<string>();
  const people = new Set<string>();
  for (const e of events) {
    const target = targetOf(e);
    if (target.type === JOB_CATEGORY && target.id) runs.add(target.id);
    if (e.metadata?.correlationId) runs.add(e.metadata.correlationId);
    if (e.metadata?.actor?.userId) people.add(e.metadata.actor.userId);
    if (target.type === 'user' && target.id) people.add(target.id);
  }
  return { runs: [...runs], people: [...people] };
}

/** Rows per statement: a rebuild's batches are larger and go in slices (see writeAuditBatch). */
const SLICE = 500;

export async function writeAuditBatch(events: readonly RecordedEvent[], client: PoolClient, table: Table): Promise<void> {
  const { keyed, ...known } = await loadKnown(client, table, idsOf(events));
  const state: BatchState = { ...known, newPeople: new Map(), changedRuns: new Set(), facets: new Map() };
  // Each slice is described while the database writes the one before (its statement is already
  // sent), instead of all describing preceding all writing (docs/decisions/0022). One statement at
  // a time on the batch's connection. The runs and facets, which any later event may still change,
  // go with the last slice.
  let writing: Promise<void> | null = null;
  try {
    for (let from = 0; from < events.length; from += SLICE) {
      const rows = events.slice(from, from + SLICE).map((event) => rowOf(event, state));
      const last = from + SLICE >= events.length;
      const runs = last ? [...state.changedRuns].map((id) => state.runs.get(id)).filter((r): r is Run => Boolean(r)) : [];
      await writing;
      writing = writeRows(client, table, { rows, keyed }, runs, last ? [...state.facets.values()] : []);
    }
  } catch (err) {
    // Describing failed with a statement in flight: let it settle first (the batch rolls back anyway).
    await writing?.catch(() => undefined);
    throw err;
  }
  await writing;
  await upsertPeople(client, table, state.newPeople);
}

/** The breadcrumbs columns a row lists (rowOf), in its order, with their types. */
const ROW_COLUMNS: ReadonlyArray<readonly [name: string, type: string]> = [
  ['event_id', 'uuid'], ['position_commit', 'bigint'], ['position_prepare', 'bigint'], ['ecosystem_id', 'uuid'], ['program_id', 'uuid'],
  ['occurred_at', 'timestamptz'], ['actor_user_id', 'text'], ['actor_role', 'text'], ['target_type', 'text'], ['target_id', 'text'],
  ['event_type', 'text'], ['summary', 'text'], ['changes', 'jsonb'], ['command_id', 'text'], ['correlation_id', 'text'],
  ['run_id', 'text'], ['entry_commit', 'bigint'], ['entry_prepare', 'bigint'], ['decode_error', 'text'],
];
const NAMES = ROW_COLUMNS.map(([name]) => name).join(', ');
/**
 * The rows arrive as one jsonb array of arrays (one per row, values by position): parsed once,
 * each value then taken by its index, and `changes` is already jsonb. Objects with named keys cost
 * a hash table per row in json_to_recordset (and a second parse of `changes`), which made it the
 * larger part of a rebuild's database time (docs/decisions/0031).
 */
const VALUES = ROW_COLUMNS.map(([, type], i) => (type === 'jsonb' ? `r->${i}` : type === 'text' ? `r->>${i}` : `(r->>${i})::${type}`)).join(', ');

/**
 * One statement per batch (per slice of a large one) for the rows, the runs and the facets (data-
 * modifying CTEs): the audit takes every event, so round trips per batch dominate replay time and a
 * live mutation's wait.
 */
async function writeRows(client: PoolClient, table: Table, crumbs: { rows: unknown[][]; keyed: boolean }, runs: Run[], facets: Facet[]): Promise<void> {
  const f = table('breadcrumb_facets');
  // Without the key (a loading rebuild) there is nothing to conflict on: duplicates, were there
  // any, go when the key is created (tables.ts).
  await client.query(`
    WITH crumbs AS (
      INSERT INTO ${table('breadcrumbs')} (${NAMES})
      SELECT ${VALUES} FROM jsonb_array_elements($1::jsonb) AS r${crumbs.keyed ? ' ON CONFLICT (event_id) DO NOTHING' : ''}
    ), runs AS (
      INSERT INTO ${table('breadcrumb_runs')} (run_id, ecosystem_id, job_name, status, entry_commit, entry_prepare)
      SELECT run_id, ecosystem_id, job_name, status, entry_commit, entry_prepare FROM jsonb_to_recordset($2::jsonb)
        AS x(run_id text, ecosystem_id uuid, job_name text, status text, entry_commit bigint, entry_prepare bigint)
      ON CONFLICT (run_id) DO UPDATE SET status = EXCLUDED.status
    )
    INSERT INTO ${f} (ecosystem_id, kind, value, label, detail)
    SELECT ecosystem_id, kind, value, label, detail FROM jsonb_to_recordset($3::jsonb)
      AS x(ecosystem_id uuid, kind text, value text, label text, detail text)
    ON CONFLICT (ecosystem_id, kind, value) DO UPDATE
      SET label = COALESCE(EXCLUDED.label, ${f}.label), detail = COALESCE(EXCLUDED.detail, ${f}.detail)
      -- Most facets of a batch are already there as they are (the actor and the action of every
      -- event); rewriting them anyway left a dead version of the same few rows per batch, which
      -- every name lookup of the trail's pages then stepped over until the page was pruned.
      WHERE (${f}.label, ${f}.detail) IS DISTINCT FROM (COALESCE(EXCLUDED.label, ${f}.label), COALESCE(EXCLUDED.detail, ${f}.detail))`,
  [JSON.stringify(crumbs.rows), JSON.stringify(runs), JSON.stringify(facets)]);
}

/** New names also relabel the person wherever they already appear as an actor or a target. */
async function upsertPeople(client: PoolClient, table: Table, people: Map<string, string>): Promise<void> {
  if (people.size === 0) return;
  const list = JSON.stringify([...people].map(([user_id, name]) => ({ user_id, name })));
  await client.query(`INSERT INTO ${table('audit_people')} (user_id, name)
    SELECT user_id, name FROM jsonb_to_recordset($1::jsonb) AS x(user_id text, name text)
    ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name`, [list]);
  await client.query(`UPDATE ${table('breadcrumb_facets')} f SET label = x.name
    FROM jsonb_to_recordset($1::jsonb) AS x(user_id text, name text)
    WHERE (f.kind = 'actor' AND f.value = x.user_id) OR (f.kind = 'target' AND f.value = 'user:' || x.user_id)`, [list]);
}
