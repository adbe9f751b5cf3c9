/**
 * updateSessionsProperties (decision 0060): custom session property values on chosen sessions, each
 * key one of the session's program's customSessionProperties and each value fitting its field type.
 * Everything is checked before the first edit; each session then gets one SINGLE edit of its
 * customProperties (none when nothing changes), with the admin as actor.
 */
import { editSession } from '../../domain/session/handlers';
import type { CustomProperty } from '../../domain/ecosystem/groups/common';
import { ValidationError } from '../../domain/shared/errors';
import { textProblem } from '../../domain/shared/text';
import { SESSIONS_PROJECTION } from '../../projections/sessions';
import { getProgramsByIds } from '../../projections/tenants/queries';
import type { SessionPropertyValueInput } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { chosenSessions, result, type AdminSessionsResult } from './actions';
import { sessionPropertyMessages as m } from './messages';

const MAX_PROPERTIES = 20;
const MAX_KEY = 100;
const MAX_VALUE = 1000;

interface Change { key: string; value: string | null }

function checkedChanges(input: readonly SessionPropertyValueInput[]): Change[] {
  if (input.length === 0) throw ValidationError.forField('properties', m.noProperties);
  if (input.length > MAX_PROPERTIES) throw ValidationError.forField('properties', m.tooManyProperties({ max: MAX_PROPERTIES }));
  return input.map((p, i) => {
    const key = p.key.trim();
    if (!key || key.length > MAX_KEY || textProblem(key, { singleLine: true })) throw ValidationError.forField(`properties.${i}.key`, m.unknownKey);
    if (input.findIndex((q) => q.key.trim() === key) !== i) throw ValidationError.forField(`properties.${i}.key`, m.duplicateKey);
    const value = p.value ?? null;
    if (value !== null && (value.length > MAX_VALUE || textProblem(value, { singleLine: true }))) {
      throw ValidationError.forField(`properties.${i}.value`, m.valueTooLong({ max: MAX_VALUE }));
    }
    return { key, value };
  });
}

/** Whether `value` fits the property's field type (options by value; several separated by commas). */
export function fits(property: CustomProperty, value: string): boolean {
  const options = new Set(property.options.map((o) => o.value));
  switch (property.fieldType) {
    case 'SINGLE_SELECT': return options.has(value);
    case 'MULTI_SELECT': return value.split(',').every((v) => options.has(v.trim()));
    case 'NUMBER': return value.trim() !== '' && Number.isFinite(Number(value));
    case 'BOOLEAN': return value === 'true' || value === 'false';
    case 'DATE': return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
    default: return value.trim() !== '';
  }
}

function merged(current: readonly { key: string; value: string }[], changes: readonly Change[]): { key: string; value: string }[] {
  const next = current.filter((p) => !changes.some((c) => c.key === p.key));
  for (const c of changes) if (c.value !== null) next.push({ key: c.key, value: c.value });
  return next;
}

const same = (a: readonly { key: string; value: string }[], b: readonly { key: string; value: string }[]) =>
  a.length === b.length && a.every((p) => b.some((q) => q.key === p.key && q.value === p.value));

export async function updateProperties(
  ctx: RequestContext, args: { ecosystemId?: string | null; sessionIds: readonly string[]; properties: readonly SessionPropertyValueInput[] },
): Promise<AdminSessionsResult> {
  const changes = checkedChanges(args.properties);
  const chosen = await chosenSessions(ctx, args.ecosystemId, args.sessionIds);
  chosen.rows.forEach((r, i) => { if (r.cancelled) throw ValidationError.forField(`sessionIds.${i}`, m.cancelled); });
  const programs = await ctx.read((c) => getProgramsByIds(c, [...new Set(chosen.rows.map((r) => r.programId))]));
  for (const program of programs) {
    const defined = program.sessions.customSessionProperties;
    changes.forEach((c, i) => {
      const property = defined.find((p) => p.internalKeyName === c.key);
      if (!property) throw ValidationError.forField(`properties.${i}.key`, m.unknownKey);
      if (c.value !== null && !fits(property, c.value)) throw ValidationError.forField(`properties.${i}.value`, m.badValue({ fieldType: property.fieldType }));
    });
  }
  let changedCount = 0;
  for (const r of chosen.rows) {
    const next = merged(r.customProperties, changes);
    if (same(next, r.customProperties)) continue;
    await ctx.execute(editSession, { seriesId: r.seriesId, occurrenceId: r.id, scope: 'SINGLE', changes: { details: { customProperties: next } }, actorIsAdmin: true },
      { waitFor: [SESSIONS_PROJECTION], ecosystemId: chosen.ecosystemId });
    changedCount += 1;
  }
  return result(ctx, chosen, changedCount);
}
