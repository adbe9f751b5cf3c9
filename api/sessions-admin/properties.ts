/**
 * updateSessionsProperties (decision 0060): custom session property values on chosen sessions, each
 * key one of the session's program's customSessionProperties and each value fitting its field type.
 * Everything is checked before the first edit; each session then gets one SINGLE edit of its
 * customProperties (none when nothing changes), with the admin as actor.
 */
import { ValidationError } from '../../domain/shared/errors';
import { textProblem } from '../../domain/shared/text';
import { getProgramsByIds } from '../../projections/tenants/queries';
import { fits, type PropertyChange } from '../../workflows/session-bulk/act';
import type { SessionPropertyValueInput } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { actOnRows, chosenSessions, result, type AdminSessionsResult } from './actions';
import { sessionPropertyMessages as m } from './messages';

const MAX_PROPERTIES = 20;
const MAX_KEY = 100;
const MAX_VALUE = 1000;

/** Where a refusal about one property points: `properties.<i>.key` here, `key` for "save all label". */
export type PropertyField = (part: 'key' | 'value') => string;

/** One property's shape (key and value), checked before anything is read. */
export function checkedProperty(p: SessionPropertyValueInput, field: PropertyField): PropertyChange {
  const key = p.key.trim();
  if (!key || key.length > MAX_KEY || textProblem(key, { singleLine: true })) throw ValidationError.forField(field('key'), m.unknownKey);
  const value = p.value ?? null;
  if (value !== null && (value.length > MAX_VALUE || textProblem(value, { singleLine: true }))) {
    throw ValidationError.forField(field('value'), m.valueTooLong({ max: MAX_VALUE }));
  }
  return { key, value };
}

function checkedChanges(input: readonly SessionPropertyValueInput[]): PropertyChange[] {
  if (input.length === 0) throw ValidationError.forField('properties', m.noProperties);
  if (input.length > MAX_PROPERTIES) throw ValidationError.forField('properties', m.tooManyProperties({ max: MAX_PROPERTIES }));
  return input.map((p, i) => {
    const change = checkedProperty(p, (part) => `properties.${i}.${part}`);
    if (input.findIndex((q) => q.key.trim() === change.key) !== i) throw ValidationError.forField(`properties.${i}.key`, m.duplicateKey);
    return change;
  });
}

/** Each key is one of every program's customSessionProperties, each value fits its field type. */
export async function checkDefined(ctx: RequestContext, programIds: readonly string[], changes: readonly PropertyChange[], field: (i: number) => PropertyField): Promise<void> {
  const programs = await ctx.read((c) => getProgramsByIds(c, [...new Set(programIds)]));
  for (const program of programs) {
    const defined = program.sessions.customSessionProperties;
    changes.forEach((c, i) => {
      const property = defined.find((p) => p.internalKeyName === c.key);
      if (!property) throw ValidationError.forField(field(i)('key'), m.unknownKey);
      if (c.value !== null && !fits(property, c.value)) throw ValidationError.forField(field(i)('value'), m.badValue({ fieldType: property.fieldType }));
    });
  }
}

export async function updateProperties(
  ctx: RequestContext, args: { ecosystemId?: string | null; sessionIds: readonly string[]; properties: readonly SessionPropertyValueInput[] },
): Promise<AdminSessionsResult> {
  const changes = checkedChanges(args.properties);
  const chosen = await chosenSessions(ctx, args.ecosystemId, args.sessionIds);
  chosen.rows.forEach((r, i) => { if (r.cancelled) throw ValidationError.forField(`sessionIds.${i}`, m.cancelled); });
  await checkDefined(ctx, chosen.rows.map((r) => r.programId), changes, (i) => (part) => `properties.${i}.${part}`);
  return result(ctx, chosen, await actOnRows(ctx, chosen, { kind: 'properties', changes }));
}
