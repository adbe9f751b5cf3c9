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
import { changedValues, eventLabel, fieldLabels, jobLabel, roleLabel, runLabel, targetLabel, valueLabel, type ChangeValue } from '../web/src/pages/breadcrumbs/describe';
import { formatAuditDate, formatAuditTime } from '../web/src/pages/breadcrumbs/time';
import { valueWords } from '../web/src/pages/breadcrumbs/words';

allProjections(); // registers every area's describers

/** `changes` of an edit is a loose patch of these shapes; a sample fills the whole shape. */
const CHANGE_SHAPES: Record<string, z.ZodType> = {
  EcosystemEdited: ecosystemDetailsSchema, ProgramEdited: programDetailsSchema, PlatformEcosystemConfigUpdated: ecosystemConfigSchema,
};

/** The longest fixed list sampled so far: that many samples show every value of every list. */
const lists = { longest: 1 };

type Def = {
  type: string; values?: unknown[]; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType;
  entries?: Record<string, string>; options?: z.ZodType[]; format?: string;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const INSTANT_SAMPLE = '2026-11-23T21:02:59.592Z';
const DAY_SAMPLE = '2026-12-01';

/**
 * A value of `schema` with every property filled. Fixed lists (enums, literals) give their
 * `variant`-th value (wrapping), so samples 0..n-1 show every value of every list of up to n;
 * strings of a date format give a date, others "text".
 */
function sample(schema: z.ZodType, eventType: string, path: string, variant = 0, fixed?: Map<string, Set<string>>): unknown {
  const def = defOf(schema);
  const pick = (values: unknown[]) => {
    lists.longest = Math.max(lists.longest, values.length);
    const value = values[variant % values.length];
    if (typeof value === 'string') fixed?.set(value, (fixed.get(value) ?? new Set()).add(path));
    return value;
  };
  const child = (next: z.ZodType, at = path) => sample(next, eventType, at, variant, fixed);
  switch (def.type) {
    case 'object': return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, value]) =>
      [key, key === 'changes' && CHANGE_SHAPES[eventType] ? child(CHANGE_SHAPES[eventType], key) : child(value, `${path}.${key}`)]));
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return child(def.innerType!);
    case 'pipe': return child(def.in!);
    case 'array': return [child(def.element!)];
    case 'union': return child(def.options![0]);
    case 'enum': return pick(Object.values(def.entries ?? {}));
    case 'literal': return pick(def.values ?? []);
    case 'string': return def.format === 'datetime' ? INSTANT_SAMPLE : def.format === 'date' ? DAY_SAMPLE : 'text';
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

  it('label every value from a fixed list that the describers emit (kinds, types, roles, jobs), in both languages', () => {
    const unlabelled = new Set<string>();
    let checked = 0;
    for (const [type, schema] of Object.entries(allEventSchemas())) {
      for (let variant = 0; variant < lists.longest; variant++) {
        const fixed = new Map<string, Set<string>>();
        const { changes } = describeEvent(recorded(type, sample(schema, type, '', variant, fixed)));
        for (const [path, value] of changedValues(changes)) {
          for (const item of scalars(value)) {
            if (typeof item !== 'string' || !fixed.has(item)) continue;
            checked += 1;
            if (!labelled(valueLabel(path, item))) unlabelled.add(`${type}: ${path} = ${item}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect([...unlabelled].sort()).toEqual([]);
  });

  it('write every instant and calendar day the describers emit like the When column, never as ISO text', () => {
    const reader = { t: (id: string) => id, localeTag: 'es', zone: 'America/New_York' };
    const seen = new Map<string, string>();
    for (const [type, schema] of Object.entries(allEventSchemas())) {
      const { changes } = describeEvent(recorded(type, sample(schema, type, '')));
      for (const [path, value] of changedValues(changes)) {
        if (value === INSTANT_SAMPLE || value === DAY_SAMPLE) seen.set(`${type}: ${path}`, valueWords(value, reader, path));
      }
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const [where, words] of seen) {
      expect([formatAuditTime(INSTANT_SAMPLE, 'es', 'America/New_York'), formatAuditDate(DAY_SAMPLE, 'es')], where).toContain(words);
    }
  });
});

function scalars(value: ChangeValue): unknown[] {
  return Array.isArray(value) ? value : [value];
}
