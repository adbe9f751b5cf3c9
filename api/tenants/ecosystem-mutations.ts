/**
 * Ecosystem mutations. Each authorizes first, validates the whole input before appending anything
 * (so bad input writes nothing), then goes through the command bus and answers the changed row.
 * A new or changed profile id is claimed before the ecosystem records it and released if that
 * fails (domain/ecosystem/profile, api/tenants/profile-claims.ts): two ecosystems never share an
 * address. A new ecosystem's id is derived from the request's Idempotency-Key (decision 0017).
 */
import { editedEcosystemDetails, newEcosystemDetails } from '../../domain/ecosystem/decide';
import {
  archiveEcosystem, createEcosystem, editEcosystem, migrateEcosystemToProgram, releaseEcosystemProfileId,
  unarchiveEcosystem, updatePlatformEcosystemConfig,
} from '../../domain/ecosystem/handlers';
import { ecosystemMessages } from '../../domain/ecosystem/messages';
import { defaultsOf } from '../../domain/ecosystem/platform/state';
import type { EcosystemConfig } from '../../domain/ecosystem/config';
import { programDetailsFromEcosystem } from '../../domain/program/fromEcosystem';
import { createProgram } from '../../domain/program/handlers';
import { ForbiddenError, IllegalStateError } from '../../domain/shared/errors';
import { TENANTS_PROJECTION } from '../../projections/tenants';
import { getPlatformEcosystemDefaults, type EcosystemRow, type ProgramRow } from '../../projections/tenants/queries';
import type { EcosystemInput } from '../__generated__/resolvers';
import { authorize } from '../auth/policy';
import type { RequestContext } from '../context';
import { readEcosystem, uuidArg } from './access';
import { ecosystemChanges } from './inputs';
import { checkProgramIds } from './input-ids';
import { ecosystemPayload, programPayload } from './payloads';
import { claimProfileId, releaseAfterFailure } from './profile-claims';
import { migrationIds, withFieldPrefix } from './support';
import { apiMessages } from '../i18n/messages';

const waitFor = [TENANTS_PROJECTION];
const INPUT = 'ecosystemInput';

export async function createEcosystemMutation(ctx: RequestContext, input: EcosystemInput): Promise<EcosystemRow> {
  authorize(ctx, { type: 'ecosystem.create' });
  const changes = ecosystemChanges(input);
  const defaults = (await ctx.read((c) => getPlatformEcosystemDefaults(c))) ?? undefined;
  const details = await withFieldPrefix(INPUT, async () => newEcosystemDetails(changes, defaults));
  // Derived from the Idempotency-Key: a repeated request claims and creates the same ecosystem.
  const ecosystemId = ctx.newId('ecosystem');
  await checkProgramIds(ctx, ecosystemId, input, { prefix: INPUT, isNew: true });
  await claimProfileId(ctx, details.profileId, ecosystemId);
  try {
    const result = await withFieldPrefix(INPUT, () =>
      ctx.execute(createEcosystem, { ecosystemId, details: changes, defaults }, { waitFor, ecosystemId }));
    return await ecosystemPayload(ctx, ecosystemId, result);
  } catch (err) {
    await releaseAfterFailure(ctx, details.profileId, ecosystemId);
    throw err;
  }
}

/** Fields that place an ecosystem on the platform rather than configure it. */
const PLATFORM_ONLY = ['profileId', 'type', 'organizationType', 'isDemoEcosystem'] as const;

function omitKeys(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

export async function editEcosystemMutation(ctx: RequestContext, ecosystemIdArg: string, input: EcosystemInput): Promise<EcosystemRow> {
  const ecosystemId = uuidArg('Ecosystem', ecosystemIdArg, 'ecosystemId');
  const viewer = authorize(ctx, { type: 'ecosystem.edit', ecosystemId });
  const current = await readEcosystem(ctx, ecosystemId);
  // Refused before any profile-id claim, so a refused edit writes nothing at all.
  if (current.archived) throw new IllegalStateError(ecosystemMessages.archivedReadOnly, 'ARCHIVED');
  const requested = ecosystemChanges(input);
  const next = await withFieldPrefix(INPUT, async () => editedEcosystemDetails(current, requested));
  await checkProgramIds(ctx, ecosystemId, input, { prefix: INPUT });
  if (!viewer.platformAdmin && PLATFORM_ONLY.some((key) => next[key] !== current[key])) {
    throw new ForbiddenError(apiMessages.ecosystemIdentityPlatformOnly);
  }
  // The check above reads the read model, which may lag a platform admin's change; so an ecosystem
  // admin's command never carries these fields at all, and cannot overwrite that change.
  const changes = viewer.platformAdmin ? requested : omitKeys(requested, PLATFORM_ONLY);
  const moved = next.profileId !== current.profileId;
  if (moved) await claimProfileId(ctx, next.profileId, ecosystemId);
  let result;
  try {
    result = await withFieldPrefix(INPUT, () => ctx.execute(editEcosystem, { ecosystemId, changes }, { waitFor, ecosystemId }));
  } catch (err) {
    if (moved) await releaseAfterFailure(ctx, next.profileId, ecosystemId);
    throw err;
  }
  if (moved) await ctx.execute(releaseEcosystemProfileId, { profileId: current.profileId, ecosystemId }, { ecosystemId });
  return ecosystemPayload(ctx, ecosystemId, result);
}

export async function setEcosystemArchived(ctx: RequestContext, ecosystemIdArg: string, archived: boolean): Promise<EcosystemRow> {
  const ecosystemId = uuidArg('Ecosystem', ecosystemIdArg, 'ecosystemId');
  authorize(ctx, { type: 'ecosystem.archive', ecosystemId });
  const result = await ctx.execute(archived ? archiveEcosystem : unarchiveEcosystem, { ecosystemId }, { waitFor, ecosystemId });
  return ecosystemPayload(ctx, ecosystemId, result);
}

export async function updatePlatformConfigMutation(ctx: RequestContext, input: EcosystemInput): Promise<EcosystemConfig> {
  authorize(ctx, { type: 'platform.configure' });
  await checkProgramIds(ctx, null, input, { prefix: INPUT });
  const result = await withFieldPrefix(INPUT, () =>
    ctx.execute(updatePlatformEcosystemConfig, { changes: ecosystemChanges(input) }, { waitFor, ecosystemId: null }));
  return defaultsOf(result.state);
}

/**
 * Platform admins only (a structural change, like archiving). The ecosystem records the migration
 * first, then its program is created; both with command ids derived from the ecosystem id, so a
 * repeat or a retry after a failure between them answers the same program instead of a second one.
 */
export async function migrateEcosystemMutation(ctx: RequestContext, ecosystemIdArg: string): Promise<ProgramRow> {
  const ecosystemId = uuidArg('Ecosystem', ecosystemIdArg, 'ecosystemId');
  authorize(ctx, { type: 'ecosystem.migrate', ecosystemId });
  const ecosystem = await readEcosystem(ctx, ecosystemId);
  const ids = migrationIds(ecosystemId);
  await ctx.execute(migrateEcosystemToProgram, { ecosystemId, programId: ids.programId }, { commandId: ids.migrateCommandId, ecosystemId });
  const result = await ctx.execute(createProgram,
    { programId: ids.programId, ecosystemId, details: programDetailsFromEcosystem(ecosystem) },
    { commandId: ids.createCommandId, waitFor, ecosystemId });
  return programPayload(ctx, ids.programId, result);
}
