/**
 * Finding the tenant an operation acts on, before authorizing it. A viewer is required first, so
 * an anonymous caller learns nothing (UNAUTHENTICATED) about what exists.
 */
import { ecosystemMessages } from '../../domain/ecosystem/messages';
import { programMessages } from '../../domain/program/messages';
import { NotFoundError } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/ids';
import {
  getEcosystemById, getEcosystemProfile, getProgramById, type EcosystemRow, type ProgramRow,
} from '../../projections/tenants/queries';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { fromGlobalId, idOf } from '../relay';
import { invalidArgument } from './support';
import { apiMessages } from '../i18n/messages';
import { commonMessages } from '../../domain/shared/messages';
import { fieldLabels } from '../../domain/ecosystem/labels';

/** A global or raw id of `type` as the UUID the events use; BAD_USER_INPUT on `field` otherwise. */
export function uuidArg(type: 'Ecosystem' | 'Program', value: string, field: string): string {
  const id = idOf(type, value);
  if (!isUuid(id)) throw invalidArgument(field, commonMessages.invalidId({ label: type === 'Ecosystem' ? fieldLabels.ecosystemId : fieldLabels.programId }));
  return id.toLowerCase();
}

export async function readEcosystem(ctx: RequestContext, ecosystemId: string): Promise<EcosystemRow> {
  const row = await ctx.read((c) => getEcosystemById(c, ecosystemId));
  if (!row) throw new NotFoundError(ecosystemMessages.notFound);
  return row;
}

export async function readProgram(ctx: RequestContext, programId: string): Promise<ProgramRow> {
  const row = await ctx.read((c) => getProgramById(c, programId));
  if (!row) throw new NotFoundError(programMessages.notFound);
  return row;
}

export const PROFILE_HEADER_FIELD = 'x-ecosystem-profile-id';

/**
 * The ecosystem named by the x-ecosystem-profile-id header (ecosystem-profile mode): a profile id,
 * or an ecosystem id. Resolved through the public profiles, so a caller outside that ecosystem gets
 * FORBIDDEN from the policy rather than a misleading NOT_FOUND.
 */
export async function headerEcosystemId(ctx: RequestContext): Promise<string> {
  requireViewer(ctx);
  const value = ctx.headers.ecosystemProfileId;
  if (!value) throw invalidArgument(PROFILE_HEADER_FIELD, apiMessages.profileHeaderMissing);
  const asId = fromGlobalId(value)?.type === 'Ecosystem' ? idOf('Ecosystem', value) : value;
  if (isUuid(asId)) return asId.toLowerCase();
  const profile = await ctx.read((c) => getEcosystemProfile(c, value));
  if (!profile) throw new NotFoundError(ecosystemMessages.notFound);
  return profile.ecosystemId;
}
