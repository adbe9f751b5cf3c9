/**
 * Decisions about one ecosystem.
 *
 * MigrateEcosystemToProgram: ecosystems from before programs existed hold session, header and
 * request settings themselves. Migrating records that the ecosystem now also lives on as one
 * program of its own (given id), and the caller then creates that program from the ecosystem's
 * settings (domain/program/fromEcosystem.ts). The ecosystem stays as it is, active and editable;
 * it migrates once, and an archived ecosystem cannot migrate.
 */
import { IllegalStateError, NotFoundError } from '../shared/errors';
import type { CreateEcosystemInput, EcosystemCommand, EcosystemIdInput, EditEcosystemInput, MigrateEcosystemToProgramInput } from './commands';
import { ecosystemDetailsSchema, withDerivedIdentity, type EcosystemDetails } from './config';
import type { EcosystemChanges, EcosystemEvent } from './events';
import { ecosystemMessages as m } from './messages';
import { diff, isEmptyPatch, mergePatch } from './patch';
import type { EcosystemState } from './state';
import { validate, validateNew } from './validation';

type Existing = Exclude<EcosystemState, { status: 'none' }>;

function existing(state: EcosystemState): Existing {
  if (state.status === 'none') throw new NotFoundError(m.notFound);
  return state;
}

function active(state: EcosystemState): Existing {
  const s = existing(state);
  if (s.status === 'archived') throw new IllegalStateError(m.archivedReadOnly, 'ARCHIVED');
  return s;
}

/**
 * The details a creation would record: the defaults, then the input, validated whole. Exported so
 * the API can learn the profile id to claim (and reject bad input) before anything is appended.
 */
export function newEcosystemDetails(details: Record<string, unknown>, defaults?: Record<string, unknown>): EcosystemDetails {
  return validateNew(ecosystemDetailsSchema, mergePatch(defaults ?? {}, withDerivedIdentity(details)), details, ['shortName', 'profileId']);
}

/** The details an edit would leave, validated whole (see newEcosystemDetails). */
export function editedEcosystemDetails(current: EcosystemDetails, changes: Record<string, unknown>): EcosystemDetails {
  return validate(ecosystemDetailsSchema, mergePatch(current, changes));
}

export function createEcosystem(input: CreateEcosystemInput, state: EcosystemState): EcosystemEvent[] {
  if (state.status !== 'none') throw new IllegalStateError(m.alreadyExists, 'ALREADY_EXISTS');
  const details = newEcosystemDetails(input.details, input.defaults);
  return [{ type: 'EcosystemCreated', data: { ecosystemId: input.ecosystemId, details } }];
}

export function editEcosystem(input: EditEcosystemInput, state: EcosystemState): EcosystemEvent[] {
  const s = active(state);
  const details = editedEcosystemDetails(s.details, input.changes);
  const changes: EcosystemChanges = diff(s.details, details);
  // An edit that changes nothing records nothing, so saving an untouched form is harmless.
  return isEmptyPatch(changes) ? [] : [{ type: 'EcosystemEdited', data: { ecosystemId: input.ecosystemId, changes } }];
}

export function archiveEcosystem(input: EcosystemIdInput, state: EcosystemState): EcosystemEvent[] {
  if (existing(state).status === 'archived') throw new IllegalStateError(m.alreadyArchived, 'ALREADY_ARCHIVED');
  return [{ type: 'EcosystemArchived', data: { ecosystemId: input.ecosystemId } }];
}

export function unarchiveEcosystem(input: EcosystemIdInput, state: EcosystemState): EcosystemEvent[] {
  if (existing(state).status === 'active') throw new IllegalStateError(m.notArchived, 'NOT_ARCHIVED');
  return [{ type: 'EcosystemUnarchived', data: { ecosystemId: input.ecosystemId } }];
}

export function migrateEcosystemToProgram(input: MigrateEcosystemToProgramInput, state: EcosystemState): EcosystemEvent[] {
  const s = active(state);
  if (s.migratedToProgramId !== null) throw new IllegalStateError(m.alreadyMigrated, 'ALREADY_MIGRATED');
  return [{ type: 'EcosystemMigratedToProgram', data: { ecosystemId: input.ecosystemId, programId: input.programId } }];
}

export function decide(command: EcosystemCommand, state: EcosystemState): EcosystemEvent[] {
  switch (command.type) {
    case 'CreateEcosystem':
      return createEcosystem(command.data, state);
    case 'EditEcosystem':
      return editEcosystem(command.data, state);
    case 'ArchiveEcosystem':
      return archiveEcosystem(command.data, state);
    case 'UnarchiveEcosystem':
      return unarchiveEcosystem(command.data, state);
    case 'MigrateEcosystemToProgram':
      return migrateEcosystemToProgram(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
