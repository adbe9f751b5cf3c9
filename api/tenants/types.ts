/**
 * Field resolvers of the tenant types. Rows already carry every spec field under its SDL name;
 * what remains is ids (global on output), links between tenants (batched per request), and dates.
 */
import type { EcosystemProfilePageResolvers, EcosystemResolvers, ProgramResolvers, TutorHoursLimitResolvers } from '../__generated__/resolvers';
import { isUuid } from '../../domain/shared/ids';
import { registerNodeType, toGlobalId } from '../relay';
import { loaders } from './loaders';
import { programList } from './queries';

export const Ecosystem: EcosystemResolvers = {
  id: (e) => toGlobalId('Ecosystem', e.id),
  rawId: (e) => e.id,
  migratedToProgram: (e, _args, ctx) => (e.migratedToProgramId ? loaders(ctx).programs.load(e.migratedToProgramId) : null),
  programs: (e, args, ctx) => programList(ctx, [e.id], args),
  createdAt: (e) => e.createdAt.toISOString(),
  updatedAt: (e) => e.updatedAt.toISOString(),
};

export const Program: ProgramResolvers = {
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
