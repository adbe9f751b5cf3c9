/**
 * Field resolvers of the tenant types. Rows already carry every spec field under its SDL name;
 * what remains is ids (global on output), links between tenants (batched per request), and dates.
 */
import type { EcosystemProfilePageResolvers, EcosystemResolvers, ProgramResolvers, TutorHoursLimitResolvers } from '../__generated__/resolvers';
import { ECOSYSTEM_CONFIG_KEYS, type EcosystemConfig } from '../../domain/ecosystem/config';
import { PROGRAM_SETTING_NAMES } from '../../domain/program/config';
import { isUuid } from '../../domain/shared/ids';
import {
  ECOSYSTEM_SUMMARY_TERMS, isFullEcosystem, isFullProgram, type EcosystemRow, type EcosystemSource, type ProgramRow, type ProgramSource,
} from '../../projections/tenants/queries';
import type { RequestContext } from '../context';
import { registerNodeType, toGlobalId } from '../relay';
import { loaders } from './loaders';
import { programList } from './queries';

/**
 * One resolver per field that a list row (summary) does not carry: it answers from the row when the
 * row is full, else from the full row, loaded by id together with every other row of the request
 * that needs one (one statement for a page).
 */
function fromFullRow<Source extends { id: string }, Full, Name extends keyof Full>(
  names: readonly Name[], isFull: (row: Source) => row is Source & Full, load: (ctx: RequestContext) => { load(id: string): Promise<Full | null> },
) {
  const fullOf = async (row: Source, ctx: RequestContext): Promise<Full> => {
    if (isFull(row)) return row;
    const full = await load(ctx).load(row.id);
    if (!full) throw new Error(`Row ${row.id} was listed but is no longer readable.`);
    return full;
  };
  return Object.fromEntries(names.map((name) => [name, async (row: Source, _args: unknown, ctx: RequestContext) => (await fullOf(row, ctx))[name]]));
}

const LAZY_ECOSYSTEM_KEYS = ECOSYSTEM_CONFIG_KEYS.filter((k): k is Exclude<keyof EcosystemConfig, (typeof ECOSYSTEM_SUMMARY_TERMS)[number]> =>
  !(ECOSYSTEM_SUMMARY_TERMS as readonly string[]).includes(k));

const configFields = fromFullRow<EcosystemSource, EcosystemRow, (typeof LAZY_ECOSYSTEM_KEYS)[number]>(
  LAZY_ECOSYSTEM_KEYS, isFullEcosystem, (ctx) => loaders(ctx).ecosystems,
) as Pick<EcosystemResolvers, (typeof LAZY_ECOSYSTEM_KEYS)[number]>;

export const Ecosystem: EcosystemResolvers = {
  ...configFields,
  id: (e) => toGlobalId('Ecosystem', e.id),
  rawId: (e) => e.id,
  migratedToProgram: (e, _args, ctx) => (e.migratedToProgramId ? loaders(ctx).programs.load(e.migratedToProgramId) : null),
  programs: (e, args, ctx) => programList(ctx, [e.id], args),
  createdAt: (e) => e.createdAt.toISOString(),
  updatedAt: (e) => e.updatedAt.toISOString(),
};

const settingsFields = fromFullRow<ProgramSource, ProgramRow, (typeof PROGRAM_SETTING_NAMES)[number]>(
  PROGRAM_SETTING_NAMES, isFullProgram, (ctx) => loaders(ctx).programs,
) as Pick<ProgramResolvers, (typeof PROGRAM_SETTING_NAMES)[number]>;

export const Program: ProgramResolvers = {
  ...settingsFields,
  id: (p) => toGlobalId('Program', p.id),
  rawId: (p) => p.id,
  ecosystemId: (p) => toGlobalId('Ecosystem', p.ecosystemId),
  ecosystem: (p, _args, ctx) => loaders(ctx).ecosystems.load(p.ecosystemId),
  createdAt: (p) => p.createdAt.toISOString(),
  updatedAt: (p) => p.updatedAt.toISOString(),
};

export const EcosystemProfilePage: EcosystemProfilePageResolvers = {
  ecosystemId: (p) => toGlobalId('Ecosystem', p.ecosystemId),
  // Before log-in there is no tenant scope, so the full ecosystem is simply not visible.
  ecosystem: (p, _args, ctx) => (ctx.viewer ? loaders(ctx).ecosystems.load(p.ecosystemId) : null),
};

export const TutorHoursLimit: TutorHoursLimitResolvers = {
  programIds: (l) => l.programIds.map((id) => toGlobalId('Program', id)),
};

registerNodeType('Ecosystem', (ctx, id) => (ctx.viewer && isUuid(id) ? loaders(ctx).ecosystems.load(id) : Promise.resolve(null)));
registerNodeType('Program', (ctx, id) => (ctx.viewer && isUuid(id) ? loaders(ctx).programs.load(id) : Promise.resolve(null)));
