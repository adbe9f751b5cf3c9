/**
 * What an operator does about a FAILED projection (docs/decisions/0016-poison-events-and-upcasting.md):
 * `retry NAME` lets its FAILED builds try their event again (after a fix such as an upcaster);
 * `skip NAME POSITION` moves them past that event for good, recorded in the build's checkpoint row
 * and, as ProjectionEventSkipped with the operator as actor, in the audit trail. The running app's
 * workers notice the change of their checkpoint row and carry on.
 */
import { v5 as uuidv5 } from 'uuid';
import { isUuid } from '../domain/shared/ids';
import type { Position } from '../domain/shared/events';
import { skipProjectionEvent } from '../domain/operations/projection';
import type { Queryable } from '../infra/db/pool';
import type { CommandBus } from '../infra/commandbus';
import type { EventStore } from '../infra/eventstore/port';
import { clearFailures, listBuilds, samePosition, skipFailed, type Build } from './checkpoints';
import { formatPosition } from './cli-output';

/** Fixed namespace of skip command ids: re-running a skip records it once. */
const SKIP_NAMESPACE = '6f0e8d4a-2b1c-4e5d-9a8b-7c6d5e4f3a2b';

export function parsePosition(text: string): Position | null {
  const m = /^(\d{1,20})\/(\d{1,20})$/.exec(text.trim());
  return m ? { commit: BigInt(m[1]), prepare: BigInt(m[2]) } : null;
}

export async function retryProjection(db: Queryable, name: string): Promise<string[]> {
  return clearFailures(db, name);
}

export interface SkipDeps {
  db: Queryable;
  store: EventStore;
  bus: CommandBus;
}

/**
 * The tenant of the event a build is stopped at: the next event of its type after the checkpoint
 * (the checkpoint may stand before events of types the projection does not read, decision 0026).
 */
async function tenantOfFailedEvent(store: EventStore, build: Build): Promise<string | null> {
  const type = build.failure?.eventType;
  const [event] = await store.readAll({ after: build.position, limit: 1, ...(type ? { types: [type] } : {}) });
  if (!event || event.id !== build.failure?.eventId) return null;
  return isUuid(event.metadata?.ecosystemId) ? event.metadata.ecosystemId : null;
}

/**
 * Skips the event at `position` in every live build of `name` FAILED there, then records each skip
 * (again, idempotently, for builds a previous run already moved). Throws when no build of `name`
 * is FAILED at, or has skipped, that position. Returns the builds that moved or had moved.
 */
export async function skipEvent(deps: SkipDeps, name: string, position: Position, operator: string): Promise<string[]> {
  const at = formatPosition(position);
  const builds = (await listBuilds(deps.db, { names: [name] })).filter((b) => b.status !== 'retired');
  const moved: Array<{ build: Build; ecosystemId: string | null }> = [];
  for (const b of builds) {
    if (!b.failure || !samePosition(b.failure.position, position)) continue;
    const ecosystemId = await tenantOfFailedEvent(deps.store, b);
    if (await skipFailed(deps.db, b.schema, position, { operator, ecosystemId })) moved.push({ build: b, ecosystemId });
  }
  // A skip whose audit event was not recorded (the previous run stopped in between) is recorded now.
  const earlier = builds.filter((b) => !moved.some((m) => m.build.schema === b.schema) && b.skipped.some((s) => s.position === at));
  const recorded = [...moved, ...earlier.map((b) => ({ build: b, ecosystemId: b.skipped.find((s) => s.position === at)?.ecosystemId ?? null }))];
  if (recorded.length === 0) {
    const failing = builds.filter((b) => b.failure).map((b) => `${b.schema} at ${formatPosition(b.failure?.position ?? null)}`);
    throw new Error(`${name} is not FAILED at ${at}${failing.length ? ` (FAILED: ${failing.join(', ')})` : ''}`);
  }
  for (const { build, ecosystemId } of recorded) await recordSkip(deps.bus, name, build, at, ecosystemId, operator);
  return recorded.map((r) => r.build.schema);
}

async function recordSkip(bus: CommandBus, name: string, build: Build, at: string, ecosystemId: string | null, operator: string): Promise<void> {
  // The failure fields are gone from a moved row; the skip entry keeps them.
  const entry = build.skipped.find((s) => s.position === at);
  const failure = build.failure;
  await bus.dispatch(skipProjectionEvent, {
    projection: name, build: build.schema, position: at, ecosystemId,
    eventId: failure?.eventId ?? entry?.eventId ?? null,
    eventType: failure?.eventType ?? entry?.eventType ?? null,
    error: failure?.error ?? entry?.error ?? '',
  }, {
    actor: { userId: `operator:${operator}`, role: 'OPERATOR' },
    commandId: uuidv5(`skip/${build.schema}/${at}`, SKIP_NAMESPACE),
  });
}
