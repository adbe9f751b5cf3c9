/**
 * addEditRemoveProgramsSessionsProperty (docs/decisions/0063): one custom session property
 * added to, edited in or removed from several programs of one ecosystem. Everything is checked
 * first (ids, the caller's right over the ecosystem, the property, each program's resulting list);
 * then each program that changes gets one editProgram command, so a repeat changes nothing.
 */
import { customPropertyList, customPropertySchema, type CustomProperty } from '../../domain/ecosystem/groups/common';
import { fieldLabels as L } from '../../domain/ecosystem/labels';
import { ecosystemRules as r } from '../../domain/ecosystem/messages';
import { validate } from '../../domain/ecosystem/validation';
import { editProgram } from '../../domain/program/handlers';
import { ForbiddenError } from '../../domain/shared/errors';
import { TENANTS_PROJECTION } from '../../projections/tenants';
import { getProgramsByIds, type ProgramRow } from '../../projections/tenants/queries';
import type { ProgramsSessionPropertyInput } from '../__generated__/resolvers';
import { authorize, requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { uuidArg } from '../tenants/access';
import { invalidArgument, withFieldPrefix } from '../tenants/support';
import { sessionSummaryMessages as m } from './messages';

export const MAX_PROGRAMS = 100;
const INPUT = 'sessionPropertyInput';

function programIdsArg(values: readonly string[]): string[] {
  if (values.length === 0) throw invalidArgument('programIds', m.noPrograms);
  if (values.length > MAX_PROGRAMS) throw invalidArgument('programIds', m.tooManyPrograms({ max: MAX_PROGRAMS }));
  const ids = values.map((v, i) => uuidArg('Program', v, `programIds.${i}`));
  ids.forEach((id, i) => { if (ids.indexOf(id) !== i) throw invalidArgument(`programIds.${i}`, m.programTwice); });
  return ids;
}

// The domain's rule for keys (domain/ecosystem/groups/common.ts KEY_NAME).
const KEY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The property of ADD and EDIT, valid on its own; null for REMOVE. */
async function propertyArg(input: ProgramsSessionPropertyInput): Promise<CustomProperty | null> {
  const key = input.internalKeyName;
  if (!key) throw invalidArgument(`${INPUT}.internalKeyName`, r.internalKeyRequired);
  if (!KEY_NAME.test(key)) throw invalidArgument(`${INPUT}.internalKeyName`, r.internalKeyPattern);
  if (input.action === 'REMOVE') return null;
  if (!input.property) throw invalidArgument(`${INPUT}.property`, m.propertyRequired);
  if (input.property.internalKeyName !== input.internalKeyName) throw invalidArgument(`${INPUT}.property.internalKeyName`, m.keyMismatch);
  // The property is named by its key: an id of its own would let two ids share one key.
  if (input.property.id != null && input.property.id !== key) throw invalidArgument(`${INPUT}.property.id`, m.idIsKey);
  const given = input.property;
  return withFieldPrefix(`${INPUT}.property`, async () => validate(customPropertySchema, given));
}

const same = (a: CustomProperty, b: CustomProperty) => JSON.stringify(a) === JSON.stringify(b);

/** The program's list after the action, or the refusal of this program (field programIds.i). */
function nextList(current: readonly CustomProperty[], action: ProgramsSessionPropertyInput['action'], key: string, property: CustomProperty | null, field: string): CustomProperty[] {
  const at = current.findIndex((p) => p.internalKeyName === key);
  if (action === 'REMOVE' || property === null) return current.filter((_p, i) => i !== at);
  if (at < 0) {
    if (action === 'EDIT') throw invalidArgument(field, m.notInProgram({ key }));
    return [...current, property];
  }
  if (action === 'ADD' && !same(current[at], property)) throw invalidArgument(field, m.differentInProgram({ key }));
  return current.map((p, i) => (i === at ? property : p));
}

async function checkedPrograms(ctx: RequestContext, ids: readonly string[]): Promise<ProgramRow[]> {
  const found = await ctx.read((c) => getProgramsByIds(c, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const programs = ids.map((id) => byId.get(id));
  const ecosystemId = programs[0]?.ecosystemId;
  // A program the reader cannot see, or of another ecosystem, answers as one they may not change.
  if (!ecosystemId || programs.some((p) => p === undefined || p.ecosystemId !== ecosystemId)) throw new ForbiddenError();
  authorize(ctx, { type: 'ecosystem.edit', ecosystemId });
  return programs as ProgramRow[];
}

export async function addEditRemoveProgramsProperty(
  ctx: RequestContext, programIdValues: readonly string[], input: ProgramsSessionPropertyInput,
): Promise<{ changedCount: number; programs: ProgramRow[] }> {
  requireViewer(ctx);
  const ids = programIdsArg(programIdValues);
  const property = await propertyArg(input);
  const programs = await checkedPrograms(ctx, ids);
  const plans = programs.map((p, i) => {
    const current = p.sessions.customSessionProperties;
    const next = nextList(current, input.action, input.internalKeyName, property, `programIds.${i}`);
    validate(customPropertyList(L.customSessionProperties), next);
    return { program: p, next, changed: JSON.stringify(next) !== JSON.stringify(current) };
  });
  let changedCount = 0;
  for (const { program, next, changed } of plans) {
    if (!changed) continue;
    await withFieldPrefix(INPUT, () => ctx.execute(editProgram, { programId: program.id, changes: { sessions: { customSessionProperties: next } } },
      { waitFor: [TENANTS_PROJECTION], ecosystemId: program.ecosystemId }));
    changedCount += 1;
  }
  const now = await ctx.read((c) => getProgramsByIds(c, ids));
  return { changedCount, programs: ids.map((id) => now.find((p) => p.id === id)).filter((p): p is ProgramRow => p !== undefined) };
}
