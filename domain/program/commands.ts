/**
 * Inputs of the program commands. As with ecosystems, details and changes are merged first (with
 * the defaults the caller derived from the ecosystem, or with the current details) and the result
 * is validated whole.
 */
import { z } from 'zod';
import { isPlainObject } from '../ecosystem/patch';
import { programMessages } from './messages';

const fields = z.custom<Record<string, unknown>>(isPlainObject, { error: programMessages.changesNotObject });
const programId = z.uuid({ error: 'Program id must be a valid id.' });

export const createProgramInput = z.object({
  programId,
  ecosystemId: z.uuid({ error: 'Ecosystem id must be a valid id.' }),
  details: fields,
  /** Settings inherited from the ecosystem (programDefaultsFromEcosystem); built-in defaults when absent. */
  defaults: fields.optional(),
  /** Demo programs come only from the demo-data job and are the only programs that can be deleted. */
  isDemo: z.boolean().default(false),
});

export const editProgramInput = z.object({ programId, changes: fields });
export const programIdInput = z.object({ programId });

export type CreateProgramInput = z.infer<typeof createProgramInput>;
export type EditProgramInput = z.infer<typeof editProgramInput>;
export type ProgramIdInput = z.infer<typeof programIdInput>;

export type ProgramCommand =
  | { type: 'CreateProgram'; data: CreateProgramInput }
  | { type: 'EditProgram'; data: EditProgramInput }
  | { type: 'ArchiveProgram'; data: ProgramIdInput }
  | { type: 'UnarchiveProgram'; data: ProgramIdInput }
  | { type: 'DeleteDemoProgram'; data: ProgramIdInput };
