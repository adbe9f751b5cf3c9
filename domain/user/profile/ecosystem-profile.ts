/**
 * The person's profile within one ecosystem (spec section 3: customProperties, isWelcomeFlowComplete,
 * subjects, availability). Custom property answers are checked against the ecosystem's own
 * definitions, which the command carries (the domain reads no other aggregate): each answer must
 * name a profile property of that ecosystem and fit its field type, and after the edit every
 * required property (requiredUserProperties, or `required` on the definition) must be answered.
 */
import { z } from 'zod';
import type { CustomProperty } from '../../ecosystem/groups/common';
import { flag, list } from '../../ecosystem/fields';
import { ValidationError, type FieldErrors } from '../../shared/errors';
import { zodMessage as zm, type Message } from '../../shared/i18n';
import { fieldMessages } from '../../shared/messages';
import { multiLineText } from '../../shared/text';
import { userMessages } from '../messages';
import { availableHourSchema, subjectSchema } from './fields';
import { profileLabels as L } from './labels';

export interface CustomPropertyAnswer {
  key: string;
  type: CustomProperty['fieldType'];
  /** One entry for TEXT, NUMBER, DATE and BOOLEAN (optionId null) and SINGLE_SELECT; any number for MULTI_SELECT. */
  value: Array<{ optionId: string | null; value: string }>;
}

export interface EcosystemProfile {
  customProperties: CustomPropertyAnswer[];
  isWelcomeFlowComplete: boolean;
  subjects: Array<z.output<typeof subjectSchema>>;
  availability: Array<z.output<typeof availableHourSchema>>;
}

export type EcosystemProfileChanges = Partial<EcosystemProfile>;

export const EMPTY_ECOSYSTEM_PROFILE: EcosystemProfile = { customProperties: [], isWelcomeFlowComplete: false, subjects: [], availability: [] };

const answerInput = z.object({
  key: z.string().max(64),
  value: z.string().max(1000, { error: zm(fieldMessages.tooLong({ label: L.customProperties, max: 1000 })) })
    .superRefine(multiLineText(L.customProperties)).nullable().default(null),
  optionIds: z.array(z.string().max(80)).max(100).nullable().default(null),
});
export type AnswerInput = z.output<typeof answerInput>;

/** The definitions the edit is checked against, as the ecosystem holds them when the command is made. */
export const definitionsInput = z.object({
  customProperties: z.array(z.custom<CustomProperty>((v) => typeof v === 'object' && v !== null)),
  requiredUserProperties: z.array(z.string()),
});

export const ecosystemProfileEditInput = z.object({
  properties: list(L.customProperties, answerInput, 200).optional(),
  isWelcomeFlowComplete: flag(L.isWelcomeFlowComplete).optional(),
  subjects: list(L.subjects, subjectSchema, 50).optional(),
  availability: list(L.availability, availableHourSchema, 50).optional(),
}).strict().refine((c) => Object.keys(c).length > 0, { error: zm(userMessages.nothingToChange) });
export type EcosystemProfileEdit = z.output<typeof ecosystemProfileEditInput>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isEmpty = (a: AnswerInput) => (a.value === null || a.value.trim() === '') && (a.optionIds === null || a.optionIds.length === 0);

/** One answer in its stored form, or the message saying why it does not fit its definition. */
function answerOf(def: CustomProperty, a: AnswerInput): CustomPropertyAnswer | { error: Message } {
  const value = a.value?.trim() ?? '';
  const one = (v: string) => ({ key: def.internalKeyName, type: def.fieldType, value: [{ optionId: null, value: v }] });
  switch (def.fieldType) {
    case 'TEXT': return one(value);
    case 'NUMBER': return value !== '' && Number.isFinite(Number(value)) ? one(String(Number(value))) : { error: userMessages.propertyNotNumber };
    case 'DATE': return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? one(value) : { error: userMessages.propertyNotDate };
    case 'BOOLEAN': return value === 'true' || value === 'false' ? one(value) : { error: userMessages.propertyNotBoolean };
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT': {
      const ids = a.optionIds ?? [];
      const options = ids.map((id) => def.options.find((o) => o.value === id));
      if (options.some((o) => o === undefined) || new Set(ids).size !== ids.length) return { error: userMessages.propertyNotOption({ label: def.label }) };
      if (def.fieldType === 'SINGLE_SELECT' && ids.length !== 1) return { error: userMessages.propertyOneOption({ label: def.label }) };
      return { key: def.internalKeyName, type: def.fieldType, value: options.flatMap((o) => (o ? [{ optionId: o.value, value: o.label }] : [])) };
    }
    default: {
      const exhaustive: never = def.fieldType;
      return exhaustive;
    }
  }
}

/** The answers after the edit: each sent key replaced (an empty answer clears it), the rest kept. */
export function mergeAnswers(
  current: readonly CustomPropertyAnswer[], sent: readonly AnswerInput[], defs: z.output<typeof definitionsInput>,
): CustomPropertyAnswer[] {
  const byKey = new Map(current.map((a) => [a.key, a]));
  const fields: FieldErrors = {};
  sent.forEach((a, i) => {
    const def = defs.customProperties.find((d) => d.internalKeyName === a.key && d.type === 'PROFILE');
    if (!def) { fields[`properties.${i}.key`] = userMessages.propertyUnknown; return; }
    if (isEmpty(a)) { byKey.delete(a.key); return; }
    const answer = answerOf(def, a);
    if ('error' in answer) fields[`properties.${i}.value`] = answer.error;
    else byKey.set(a.key, answer);
  });
  const required = defs.customProperties.filter((d) => d.type === 'PROFILE' && (d.required || defs.requiredUserProperties.includes(d.internalKeyName)));
  for (const def of required) {
    if (!byKey.has(def.internalKeyName)) fields[`properties.${def.internalKeyName}`] = fieldMessages.required({ label: def.label });
  }
  if (Object.keys(fields).length) throw ValidationError.forFields(fields);
  // Answers to properties the ecosystem has removed since are kept: re-adding the property brings them back.
  return [...byKey.values()].sort((x, y) => x.key.localeCompare(y.key));
}
