/**
 * Inputs of the program commands. As with ecosystems, details and changes are merged first (with
 * the defaults the caller derived from the ecosystem, or with the current details) and the result
 * is validated whole.
 */
import { z } from 'zod';
import { isPlainObject } from '../ecosystem/patch';
import { zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';
import { fieldLabels as L } from '../ecosystem/labels';

const fields = z.custom<Record<string, unknown>>(isPlainObject, { error: zm(commonMessages.changesNotObject) });
const programId = z.uuid({ error: zm(commonMessages.invalidId({ label: L.programId })) });

export const createProgramInput = z.object({
  programId,
  ecosystemId: z.uuid({ error: zm(commonMessages.invalidId({ label: L.ecosystemId })) }),
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
