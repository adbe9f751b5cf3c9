/**
 * Facts about one ecosystem (stream `ecosystem-<id>`). Creation records the whole validated
 * details, so every later reader sees exactly what was decided even if defaults change; an edit
 * records only what changed.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/decider';
import { ecosystemDetailsSchema, type EcosystemDetails } from './config';
import { isPlainObject, type DeepPartial } from './patch';
import { zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';

export type EcosystemChanges = DeepPartial<EcosystemDetails>;

const id = z.uuid();
const changes = z.custom<EcosystemChanges>(isPlainObject, { error: zm(commonMessages.changesNotObject) });

export const ecosystemEventSchemas = {
  EcosystemCreated: z.object({ ecosystemId: id, details: ecosystemDetailsSchema }),
  EcosystemEdited: z.object({ ecosystemId: id, changes }),
  EcosystemArchived: z.object({ ecosystemId: id }),
  EcosystemUnarchived: z.object({ ecosystemId: id }),
  /** The ecosystem's own settings now also live on as program `programId` (see decide.ts). */
  EcosystemMigratedToProgram: z.object({ ecosystemId: id, programId: id }),
};

type Schemas = typeof ecosystemEventSchemas;
type EventOf<T extends keyof Schemas> = DomainEvent<T, z.output<Schemas[T]>>;

export type EcosystemCreated = EventOf<'EcosystemCreated'>;
export type EcosystemEdited = EventOf<'EcosystemEdited'>;
export type EcosystemArchived = EventOf<'EcosystemArchived'>;
export type EcosystemUnarchived = EventOf<'EcosystemUnarchived'>;
export type EcosystemMigratedToProgram = EventOf<'EcosystemMigratedToProgram'>;

export type EcosystemEvent = EcosystemCreated | EcosystemEdited | EcosystemArchived | EcosystemUnarchived | EcosystemMigratedToProgram;
