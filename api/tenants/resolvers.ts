/**
 * The tenants area of the API (ecosystems, programs, platform defaults). Operation names are those
 * of spec section 7; the lead wires `tenantsResolvers` into api/graphql/schema.ts.
 */
import type { Resolvers } from '../__generated__/resolvers';
import { createEcosystemMutation, editEcosystemMutation, migrateEcosystemMutation, setEcosystemArchived, updatePlatformConfigMutation } from './ecosystem-mutations';
import {
  createProgramMutation, ecosystemCreateProgramMutation, ecosystemEditProgramMutation, editProgramMutation, setProgramArchived,
} from './program-mutations';
import { tenantQueries } from './queries';
import { Ecosystem, EcosystemProfilePage, Program, TutorHoursLimit } from './types';

export const tenantsResolvers: Resolvers = {
  Query: tenantQueries,
  Mutation: {
    createEcosystem: (_root, { ecosystemInput }, ctx) => createEcosystemMutation(ctx, ecosystemInput),
    editEcosystem: (_root, { ecosystemId, ecosystemInput }, ctx) => editEcosystemMutation(ctx, ecosystemId, ecosystemInput),
    archiveEcosystem: (_root, { ecosystemId }, ctx) => setEcosystemArchived(ctx, ecosystemId, true),
    unArchiveEcosystem: (_root, { ecosystemId }, ctx) => setEcosystemArchived(ctx, ecosystemId, false),
    updatePlatformEcosystemConfig: (_root, { ecosystemInput }, ctx) => updatePlatformConfigMutation(ctx, ecosystemInput),
    migrateEcosystemToProgram: (_root, { ecosystemId }, ctx) => migrateEcosystemMutation(ctx, ecosystemId),
    createProgram: (_root, { programInput }, ctx) => createProgramMutation(ctx, programInput),
    editProgram: (_root, { programId, programInput }, ctx) => editProgramMutation(ctx, programId, programInput),
    archiveProgram: (_root, { programId }, ctx) => setProgramArchived(ctx, programId, true),
    unArchiveProgram: (_root, { programId }, ctx) => setProgramArchived(ctx, programId, false),
    ecosystemCreateProgram: (_root, { programInput }, ctx) => ecosystemCreateProgramMutation(ctx, programInput),
    ecosystemEditProgram: (_root, { programId, programInput }, ctx) => ecosystemEditProgramMutation(ctx, programId, programInput),
  },
  Ecosystem,
  Program,
  EcosystemProfilePage,
  TutorHoursLimit,
};
