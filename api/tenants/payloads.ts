/**
 * What a mutation answers: the row as the read model has it once the projection caught up. When
 * the wait timed out (STALE_READ in extensions) the row may be missing; the aggregate state the
 * command bus returned is then the truth, so the payload is built from it.
 */
import type { EcosystemState } from '../../domain/ecosystem/state';
import type { ProgramState } from '../../domain/program/state';
import { getEcosystemById, getProgramById, type EcosystemRow, type ProgramRow } from '../../projections/tenants/queries';
import type { ExecuteResult, RequestContext } from '../context';

function stamp(result: ExecuteResult<unknown>): Date {
  const at = result.events.at(-1)?.metadata.occurredAt;
  return at ? new Date(at) : new Date(0);
}

export async function ecosystemPayload(ctx: RequestContext, ecosystemId: string, result: ExecuteResult<EcosystemState>): Promise<EcosystemRow> {
  const row = await ctx.read((c) => getEcosystemById(c, ecosystemId));
  if (row && ctx.warnings.length === 0) return row;
  const s = result.state;
  if (s.status === 'none') throw new Error(`ecosystem ${ecosystemId} has no state after a successful command`);
  return {
    ...s.details, id: s.id, archived: s.status === 'archived', migratedToProgramId: s.migratedToProgramId,
    createdAt: row?.createdAt ?? stamp(result), updatedAt: stamp(result), sortKey: s.details.name.toLowerCase(),
  };
}

export async function programPayload(ctx: RequestContext, programId: string, result: ExecuteResult<ProgramState>): Promise<ProgramRow> {
  const row = await ctx.read((c) => getProgramById(c, programId));
  if (row && ctx.warnings.length === 0) return row;
  const s = result.state;
  if (s.status === 'none' || s.status === 'deleted') throw new Error(`program ${programId} has no state after a successful command`);
  return {
    ...s.details, id: s.id, ecosystemId: s.ecosystemId, archived: s.status === 'archived', isDemo: s.isDemo,
    createdAt: row?.createdAt ?? stamp(result), updatedAt: stamp(result), sortKey: s.details.name.toLowerCase(),
  };
}
