/**
 * Field resolvers of the tenant types. Rows already carry every spec field under its SDL name;
 * what remains is ids (global on output), links between tenants (batched per request), and dates.
 */
import type { EcosystemProfilePageResolvers, EcosystemResolvers, ProgramResolvers, TutorHoursLimitResolvers } from '../__generated__/resolvers';
import { ECOSYSTEM_CONFIG_KEYS, type EcosystemConfig } from '../../domain/ecosystem/config';
import { PROGRAM_SETTING_NAMES, type ProgramSettings } from '../../domain/program/config';
import { isUuid } from '../../domain/shared/ids';
import { ECOSYSTEM_SUMMARY_TERMS, isFullEcosystem, isFullProgram, type EcosystemSource, type ProgramSource } from '../../projections/tenants/queries';
import type { RequestContext } from '../context';
import { registerNodeType, toGlobalId } from '../relay';
import { loaders } from './loaders';
import { programList } from './queries';

/** The configuration of `e`: its own when it is a full row, else its full row, loaded by id with the page's others. */
async function configOf(e: EcosystemSource, ctx: RequestContext): Promise<EcosystemConfig> {
  if (isFullEcosystem(e)) return e;
  const full = await loaders(ctx).ecosystems.load(e.id);
  if (!full) throw new Error(`Ecosystem ${e.id} was listed but is no longer readable.`);
  return full;
}

const LAZY_ECOSYSTEM_KEYS = ECOSYSTEM_CONFIG_KEYS.filter((k): k is Exclude<keyof EcosystemConfig, (typeof ECOSYSTEM_SUMMARY_TERMS)[number]> =>
  !(ECOSYSTEM_SUMMARY_TERMS as readonly string[]).includes(k));

/** One resolver per configuration field a list row (summary) does not carry. */
const configFields = Object.fromEntries(LAZY_ECOSYSTEM_KEYS.map((name) => [
  name, async (e: EcosystemSource, _args: unknown, ctx: RequestContext) => (await configOf(e, ctx))[name],
])) as Pick<EcosystemResolvers, (typeof LAZY_ECOSYSTEM_KEYS)[number]>;

export const Ecosystem: EcosystemResolvers = {
  ...configFields,
  id: (e) => toGlobalId('Ecosystem', e.id),
  rawId: (e) => e.id,
  migratedToProgram: (e, _args, ctx) => (e.migratedToProgramId ? loaders(ctx).programs.load(e.migratedToProgramId) : null),
  programs: (e, args, ctx) => programList(ctx, [e.id], args),
  createdAt: (e) => e.createdAt.toISOString(),
  updatedAt: (e) => e.updatedAt.toISOString(),
};

/**
 * The settings of `p`: its own when it is a full row, else its full row, loaded by id together
 * with every other program of the request that needs one (one statement for a page).
 */
async function settingsOf(p: ProgramSource, ctx: RequestContext): Promise<ProgramSettings> {
  if (isFullProgram(p)) return p;
  const full = await loaders(ctx).programs.load(p.id);
  if (!full) throw new Error(`Program ${p.id} was listed but is no longer readable.`);
  return full;
}

/** One resolver per settings field: a list row (summary) has none of them. */
const settingsFields = Object.fromEntries(PROGRAM_SETTING_NAMES.map((name) => [
  name, async (p: ProgramSource, _args: unknown, ctx: RequestContext) => (await settingsOf(p, ctx))[name],
])) as Pick<ProgramResolvers, (typeof PROGRAM_SETTING_NAMES)[number]>;

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
