/**
 * Program mutations. createProgram names its ecosystem in the input; the ecosystem* variants are
 * for ecosystem-profile mode (the tenant-branded admin pages) and take the ecosystem from the
 * x-ecosystem-profile-id header instead: ecosystemCreateProgram creates there, ecosystemEditProgram
 * edits only programs of that ecosystem (any other is NOT_FOUND, even for a platform admin), so a
 * page scoped to one tenant can never change another's programs by a stray id.
 */
import { ecosystemMessages } from '../../domain/ecosystem/messages';
import { programDefaultsFromEcosystem } from '../../domain/program/fromEcosystem';
import { archiveProgram, createProgram, editProgram, unarchiveProgram } from '../../domain/program/handlers';
import { programMessages } from '../../domain/program/messages';
import { IllegalStateError, NotFoundError } from '../../domain/shared/errors';
import { TENANTS_PROJECTION } from '../../projections/tenants';
import type { ProgramRow } from '../../projections/tenants/queries';
import type { ProgramInput } from '../__generated__/resolvers';
import { authorize, requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { headerEcosystemId, readEcosystem, readProgram, uuidArg } from './access';
import { programChanges } from './inputs';
import { programPayload } from './payloads';
import { invalidArgument, withFieldPrefix } from './support';
import { apiMessages } from '../i18n/messages';

const waitFor = [TENANTS_PROJECTION];
const INPUT = 'programInput';
const ECOSYSTEM_FIELD = `${INPUT}.ecosystemId`;

/** Creates a program in an ecosystem the caller was already authorized for. */
async function createIn(ctx: RequestContext, ecosystemId: string, input: ProgramInput): Promise<ProgramRow> {
  const ecosystem = await readEcosystem(ctx, ecosystemId);
  if (ecosystem.archived) throw new IllegalStateError(ecosystemMessages.archivedReadOnly, 'ARCHIVED');
  // Derived from the Idempotency-Key: a repeated request creates (and answers) the same program.
  const programId = ctx.newId('program');
  const result = await withFieldPrefix(INPUT, () => ctx.execute(createProgram,
    { programId, ecosystemId, details: programChanges(input), defaults: programDefaultsFromEcosystem(ecosystem) },
    { waitFor, ecosystemId }));
  return programPayload(ctx, programId, result);
}

export async function createProgramMutation(ctx: RequestContext, input: ProgramInput): Promise<ProgramRow> {
  requireViewer(ctx);
  if (!input.ecosystemId) throw invalidArgument(ECOSYSTEM_FIELD, apiMessages.ecosystemRequired);
  const ecosystemId = uuidArg('Ecosystem', input.ecosystemId, ECOSYSTEM_FIELD);
  authorize(ctx, { type: 'program.create', ecosystemId });
  return createIn(ctx, ecosystemId, input);
}

export async function ecosystemCreateProgramMutation(ctx: RequestContext, input: ProgramInput): Promise<ProgramRow> {
  const ecosystemId = await headerEcosystemId(ctx);
  if (input.ecosystemId && uuidArg('Ecosystem', input.ecosystemId, ECOSYSTEM_FIELD) !== ecosystemId) {
    throw invalidArgument(ECOSYSTEM_FIELD, apiMessages.programOutsideEcosystem);
  }
  authorize(ctx, { type: 'program.create', ecosystemId });
  return createIn(ctx, ecosystemId, input);
}

async function edit(ctx: RequestContext, program: ProgramRow, input: ProgramInput): Promise<ProgramRow> {
  if (input.ecosystemId && uuidArg('Ecosystem', input.ecosystemId, ECOSYSTEM_FIELD) !== program.ecosystemId) {
    throw invalidArgument(ECOSYSTEM_FIELD, apiMessages.programCannotMove);
  }
  const result = await withFieldPrefix(INPUT, () =>
    ctx.execute(editProgram, { programId: program.id, changes: programChanges(input) }, { waitFor, ecosystemId: program.ecosystemId }));
  return programPayload(ctx, program.id, result);
}

export async function editProgramMutation(ctx: RequestContext, programIdArg: string, input: ProgramInput): Promise<ProgramRow> {
  requireViewer(ctx);
  const program = await readProgram(ctx, uuidArg('Program', programIdArg, 'programId'));
  authorize(ctx, { type: 'program.edit', ecosystemId: program.ecosystemId, programId: program.id });
  return edit(ctx, program, input);
}

export async function ecosystemEditProgramMutation(ctx: RequestContext, programIdArg: string, input: ProgramInput): Promise<ProgramRow> {
  const ecosystemId = await headerEcosystemId(ctx);
  const programId = uuidArg('Program', programIdArg, 'programId');
  authorize(ctx, { type: 'program.edit', ecosystemId, programId });
  const program = await readProgram(ctx, programId);
  if (program.ecosystemId !== ecosystemId) throw new NotFoundError(programMessages.notFound);
  return edit(ctx, program, input);
}

export async function setProgramArchived(ctx: RequestContext, programIdArg: string, archived: boolean): Promise<ProgramRow> {
  requireViewer(ctx);
  const program = await readProgram(ctx, uuidArg('Program', programIdArg, 'programId'));
  authorize(ctx, { type: 'program.archive', ecosystemId: program.ecosystemId, programId: program.id });
  const result = await ctx.execute(archived ? archiveProgram : unarchiveProgram, { programId: program.id }, { waitFor, ecosystemId: program.ecosystemId });
  return programPayload(ctx, program.id, result);
}
