/**
 * What an operator does about a FAILED reactor (docs/decisions/0069), with the projections' commands:
 * `npm run projections -- retry NAME` lets it act on its event again (after a fix); `skip NAME
 * POSITION` moves it past that event without acting, recorded in its checkpoint row and, as
 * ProjectionEventSkipped (build `reactor:NAME`) with the operator as actor, in the audit trail.
 * The running app's worker notices the change of its row and carries on.
 */
import { v5 as uuidv5 } from 'uuid';
import { skipProjectionEvent } from '../../domain/operations/projection';
import type { Position } from '../../domain/shared/events';
import { isUuid } from '../../domain/shared/ids';
import type { CommandBus } from '../../infra/commandbus';
import type { Queryable } from '../../infra/db/pool';
import type { EventStore } from '../../infra/eventstore/port';
import { samePosition } from '../checkpoints';
import { formatPosition } from '../cli-output';
import { clearReactorFailure, getReactor, skipReactorFailure } from './checkpoints';

const SKIP_NAMESPACE = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

export async function retryReactor(db: Queryable, name: string): Promise<boolean> {
  return clearReactorFailure(db, name);
}

/** Skips the event a reactor is FAILED at (`position`), then records the skip; throws when it is not FAILED there. */
export async function skipReactorEvent(
  deps: { db: Queryable; store: EventStore; bus: CommandBus }, name: string, position: Position, operator: string,
): Promise<void> {
  const at = formatPosition(position);
  const row = await getReactor(deps.db, name);
  const failure = row?.failure;
  const entry = row?.skipped.find((s) => s.position === at);
  if (!row || (!entry && (!failure || !samePosition(failure.position, position)))) {
    throw new Error(`${name} is not FAILED at ${at}${failure ? ` (FAILED at ${formatPosition(failure.position)})` : ''}`);
  }
  let ecosystemId = entry?.ecosystemId ?? null;
  if (failure && !entry) {
    const [event] = await deps.store.readAll({ after: row.position, limit: 1, ...(failure.eventType ? { types: [failure.eventType] } : {}) });
    ecosystemId = event?.id === failure.eventId && isUuid(event.metadata?.ecosystemId) ? event.metadata.ecosystemId : null;
    if (!await skipReactorFailure(deps.db, name, position, operator, ecosystemId)) throw new Error(`${name} moved meanwhile: look at its status again`);
  }
  await deps.bus.dispatch(skipProjectionEvent, {
    projection: name, build: `reactor:${name}`, position: at, ecosystemId,
    eventId: failure?.eventId ?? entry?.eventId ?? null, eventType: failure?.eventType ?? entry?.eventType ?? null,
    error: failure?.error ?? entry?.error ?? '',
  }, { actor: { userId: `operator:${operator}`, role: 'OPERATOR' }, commandId: uuidv5(`skip/reactor:${name}/${at}`, SKIP_NAMESPACE) });
}
