/**
 * What a program inherits from its ecosystem. A new program starts from the ecosystem's request
 * type, header and search switches, Zoom choice and admin contact, so an admin configures those
 * once per tenant; the program may then override any of them.
 */
import type { EcosystemDetails } from '../ecosystem/config';
import type { DeepPartial } from '../ecosystem/patch';
import type { ProgramDetails } from './config';

export function programDefaultsFromEcosystem(e: EcosystemDetails): DeepPartial<ProgramDetails> {
  return {
    tutoringRequestType: e.tutoringRequestType,
    header: { ...e.header },
    search: { enabled: e.search.enabled },
    sessions: { zoomEnabled: e.sessionSettings.zoomEnabled },
    adminContactInfo: { ...e.adminContactInfo },
    lessonspace: { recordingEnabled: e.lessonspace.recordingEnabled },
  };
}

/**
 * The program an ecosystem becomes on MigrateEcosystemToProgram: same names, the inherited
 * settings, and global, because before the migration every member of the ecosystem was in it.
 */
export function programDetailsFromEcosystem(e: EcosystemDetails): DeepPartial<ProgramDetails> {
  return { ...programDefaultsFromEcosystem(e), name: e.name, shortName: e.shortName, isGlobal: true };
}
