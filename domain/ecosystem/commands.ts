/**
 * Inputs of the ecosystem commands. Details and changes arrive as loose objects on purpose: they
 * are merged first (with the platform defaults on creation, with the current details on an edit)
 * and the result is validated whole, so rules across fields ("low rating threshold below the
 * maximum") see the values that will actually hold.
 */
import { z } from 'zod';
import { isPlainObject } from './patch';
import { zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';
import { fieldLabels as L } from './labels';

const fields = z.custom<Record<string, unknown>>(isPlainObject, { error: zm(commonMessages.changesNotObject) });
const ecosystemId = z.uuid({ error: zm(commonMessages.invalidId({ label: L.ecosystemId })) });

export const createEcosystemInput = z.object({
  ecosystemId,
  details: fields,
  /** The platform-wide defaults in force (platform.ts), read by the caller; built-in defaults when absent. */
  defaults: fields.optional(),
});

export const editEcosystemInput = z.object({ ecosystemId, changes: fields });
export const ecosystemIdInput = z.object({ ecosystemId });
export const migrateEcosystemToProgramInput = z.object({ ecosystemId, programId: z.uuid({ error: zm(commonMessages.invalidId({ label: L.programId })) }) });

export type CreateEcosystemInput = z.infer<typeof createEcosystemInput>;
export type EditEcosystemInput = z.infer<typeof editEcosystemInput>;
export type EcosystemIdInput = z.infer<typeof ecosystemIdInput>;
export type MigrateEcosystemToProgramInput = z.infer<typeof migrateEcosystemToProgramInput>;

export type EcosystemCommand =
  | { type: 'CreateEcosystem'; data: CreateEcosystemInput }
  | { type: 'EditEcosystem'; data: EditEcosystemInput }
  | { type: 'ArchiveEcosystem'; data: EcosystemIdInput }
  | { type: 'UnarchiveEcosystem'; data: EcosystemIdInput }
  | { type: 'MigrateEcosystemToProgram'; data: MigrateEcosystemToProgramInput };
