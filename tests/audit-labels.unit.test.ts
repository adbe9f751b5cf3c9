/**
 * The audit trail reads in words in both languages: every event type and stream category of
 * domain/registry.ts, every field the server's describers emit, every role and every job's run has
 * an English and a Spanish label in the web catalogue. Fields are found by walking each event's
 * schema into a sample that fills every property and describing it as the audit projection does.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ecosystemConfigSchema, ecosystemDetailsSchema } from '../domain/ecosystem/config';
import { BATCH_JOB_NAMES } from '../domain/job/names';
import { programDetailsSchema } from '../domain/program/config';
import { aggregates, allEventSchemas } from '../domain/registry';
import type { RecordedEvent, Role } from '../domain/shared/events';
import { describeEvent } from '../projections/audit/describe';
import { allProjections } from '../projections/registry';
import { AUDIT_MESSAGES, type AuditMessageId } from '../web/src/pages/breadcrumbs/i18n/catalogue';
import { changedValues, eventLabel, fieldLabels, jobLabel, roleLabel, runLabel, targetLabel } from '../web/src/pages/breadcrumbs/describe';

allProjections(); // registers every area's describers

/** `changes` of an edit is a loose patch of these shapes; a sample fills the whole shape. */
const CHANGE_SHAPES: Record<string, z.ZodType> = {
  EcosystemEdited: ecosystemDetailsSchema, ProgramEdited: programDetailsSchema, PlatformEcosystemConfigUpdated: ecosystemConfigSchema,
};

type Def = { type: string; values?: unknown[]; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; entries?: Record<string, string>; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function sample(schema: z.ZodType, eventType: string, path: string): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, child]) =>
      [key, key === 'changes' && CHANGE_SHAPES[eventType] ? sample(CHANGE_SHAPES[eventType], eventType, key) : sample(child, eventType, `${path}.${key}`)]));
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return sample(def.innerType!, eventType, path);
    case 'pipe': return sample(def.in!, eventType, path);
    case 'array': return [sample(def.element!, eventType, path)];
    case 'union': return sample(def.options![0], eventType, path);
    case 'enum': return Object.values(def.entries ?? {})[0];
    case 'literal': return def.values?.[0];
    case 'string': return 'text';
    case 'number': return 1;
    case 'boolean': return true;
    case 'record': case 'unknown': case 'any': return {};
    default: throw new Error(`${eventType}${path}: no sample for a zod ${def.type}; teach this test its shape`);
  }
}

function recorded(type: string, data: unknown): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001', type, data, streamId: 'x-1', revision: 0, position: { commit: 1n, prepare: 1n }, recordedAt: '2026-11-23T10:00:00.000Z',
    metadata: { ecosystemId: null, actor: { userId: 'u', role: 'PLATFORM_ADMIN' }, commandId: 'c', correlationId: 'c', causationId: 'c', occurredAt: '2026-11-23T10:00:00.000Z', schemaVersion: 1 },
  };
}

const labelled = (id: AuditMessageId | null): boolean => id !== null && Boolean(AUDIT_MESSAGES.en[id]?.trim()) && Boolean(AUDIT_MESSAGES.sp[id]?.trim());

describe('the audit trail\'s words', () => {
  it('label every event type and every kind of target of the domain', () => {
    const missing = Object.keys(allEventSchemas()).filter((type) => !labelled(eventLabel(type, {})));
    expect(missing).toEqual([]);
    expect(aggregates.map((a) => a.category).filter((category) => !labelled(targetLabel(category)))).toEqual([]);
  });

  it('label every field the describers emit, part by part', () => {
    const unlabelled = new Set<string>();
    for (const [type, schema] of Object.entries(allEventSchemas())) {
      const { changes } = describeEvent(recorded(type, sample(schema, type, '')));
      for (const [path] of changedValues(changes)) {
        const ids = fieldLabels(path);
        if (!ids || !ids.every(labelled)) unlabelled.add(`${type}: ${path}`);
      }
    }
    expect([...unlabelled]).toEqual([]);
  });

  it('label every role an actor acts in, every job and every outcome of its run', () => {
    const roles: Role[] = ['PLATFORM_ADMIN', 'SUPER_ADMIN', 'PROGRAM_ADMIN', 'TEACHER', 'STAFF', 'LEADER', 'PUPIL', 'PARENT', 'STUDENT', 'MEMBER', 'SYSTEM', 'OPERATOR'];
    expect(roles.filter((role) => roleLabel(role) === 'breadcrumbs.role.UNKNOWN' || !labelled(roleLabel(role)))).toEqual([]);
    const statuses = ['QUEUED', 'SUBMITTED', 'PROCESSING', 'FINISHED', 'FAILED', 'CANCELLED'];
    const runs = BATCH_JOB_NAMES.flatMap((jobName) => statuses.map((status) => ({ jobName, status })));
    expect(runs.filter((run) => runLabel(run) === 'breadcrumbs.run.other' || !labelled(runLabel(run)))).toEqual([]);
    expect(BATCH_JOB_NAMES.filter((name) => !labelled(jobLabel(name)))).toEqual([]);
  });
});
