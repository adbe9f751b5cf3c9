/**
 * Facts about one program (stream `program-<id>`). Every event names the program's ecosystem, so
 * read models key rows by tenant without a lookup. ProgramDeleted exists only for demo programs:
 * deleting demo data must remove every row creating it added, while real programs are archived.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/decider';
import { isPlainObject, type DeepPartial } from '../ecosystem/patch';
import { programDetailsSchema, type ProgramDetails } from './config';

export type ProgramChanges = DeepPartial<ProgramDetails>;

const ids = { programId: z.uuid(), ecosystemId: z.uuid() };

export const programEventSchemas = {
  ProgramCreated: z.object({ ...ids, details: programDetailsSchema, isDemo: z.boolean() }),
  ProgramEdited: z.object({ ...ids, changes: z.custom<ProgramChanges>(isPlainObject) }),
  ProgramArchived: z.object(ids),
  ProgramUnarchived: z.object(ids),
  ProgramDeleted: z.object(ids),
};

type Schemas = typeof programEventSchemas;
type EventOf<T extends keyof Schemas> = DomainEvent<T, z.output<Schemas[T]>>;

export type ProgramCreated = EventOf<'ProgramCreated'>;
export type ProgramEdited = EventOf<'ProgramEdited'>;
export type ProgramArchived = EventOf<'ProgramArchived'>;
export type ProgramUnarchived = EventOf<'ProgramUnarchived'>;
export type ProgramDeleted = EventOf<'ProgramDeleted'>;

export type ProgramEvent = ProgramCreated | ProgramEdited | ProgramArchived | ProgramUnarchived | ProgramDeleted;
