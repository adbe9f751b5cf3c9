/**
 * Value objects both tenants use (ecosystems and programs) and the fixed vocabularies of spec
 * sections 1, 6 and 9. Lists that the spec gives in full are the defaults a new tenant starts with.
 */
import { z } from 'zod';
import { flag, list, oneOf, optionalEmail, optionalParagraph, optionalPhone, optionalText, setOf, text } from '../fields';
import { fieldLabels as L } from '../labels';
import { zodMessage as zm, type Message } from '../../shared/i18n';
import { ecosystemRules as r } from '../messages';

export const ECOSYSTEM_KINDS = ['ECOSYSTEM', 'MARKETPLACE'] as const;
export const ORGANIZATION_KINDS = ['PUBLIC_DISTRICT', 'PRIVATE_SCHOOL', 'NON_PROFIT', 'FOR_PROFIT', 'COMMUNITY_COLLEGE'] as const;
export const LANGUAGES = ['en', 'sp'] as const;
export const PROFILE_TYPES = ['Tutor', 'Teacher', 'Staff', 'StudentOrParent', 'Parent', 'Student', 'Admin', 'PlatformAdmin', 'ProgramAdmin'] as const;
export const SESSION_TYPES = ['ONE_ON_ONE', 'DROP_IN', 'GROUP', 'ONE_ON_ONE_BREAKOUT', 'COURSE', 'MODULE'] as const;
export const PARTICIPANT_TYPES = ['STUDENT', 'TUTOR', 'ADMIN', 'TEACHER', 'PARENT', 'STAFF'] as const;
export const NOTIFICATION_CHANNELS = ['EMAIL', 'TEXT'] as const;
/** Who a tutoring request asks for: a single session, a standing pair, or either. */
export const TUTORING_REQUEST_TYPES = ['SESSION', 'PAIR', 'SESSION_AND_PAIR'] as const;
export const CUSTOM_FIELD_TYPES = ['TEXT', 'NUMBER', 'DATE', 'BOOLEAN', 'SINGLE_SELECT', 'MULTI_SELECT'] as const;
/** What a custom property describes: a person's profile or a session. */
export const CUSTOM_PROPERTY_TARGETS = ['PROFILE', 'SESSION'] as const;

export type ProfileType = (typeof PROFILE_TYPES)[number];
export type SessionType = (typeof SESSION_TYPES)[number];

export const adminContactInfoSchema = z.object({
  name: optionalText(L.adminContactName, 120).default(null),
  phone: optionalPhone(L.adminContactPhone).default(null),
  email: optionalEmail(L.adminContactEmail).default(null),
}).prefault({});

/** The three header switches, shared by ecosystems (defaults) and programs (overrides). */
export const headerConfigSchema = z.object({
  requestTutorButtonEnabled: flag(L.requestATutorButton).default(true),
  findTuteesButtonEnabled: flag(L.findTuteesButton).default(false),
  tuteeInboxEnabled: flag(L.tuteeInbox).default(true),
}).prefault({});

const KEY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const customPropertyOptionSchema = z.object({
  label: text(L.optionLabel, 80),
  value: text(L.optionValue, 80),
  description: optionalParagraph(L.optionDescription, 300).default(null),
});

const customPropertyBaseSchema = z.object({
  id: optionalText(L.propertyId, 64).default(null),
  label: text(L.propertyLabel, 80),
  description: optionalParagraph(L.propertyDescription, 300).default(null),
  internalKeyName: z.string({ error: zm(r.internalKeyRequired) }).regex(KEY_NAME, { error: zm(r.internalKeyPattern) }),
  fieldType: oneOf(L.fieldType, CUSTOM_FIELD_TYPES),
  type: oneOf(L.propertyType, CUSTOM_PROPERTY_TARGETS).default('PROFILE'),
  required: flag(L.required).default(false),
  options: list(L.options, customPropertyOptionSchema, 100).default([]),
});

/** A custom property's id defaults to its key, so clients need not invent ids. */
export const customPropertySchema = customPropertyBaseSchema
  .superRefine((p, ctx) => {
    const isSelect = p.fieldType === 'SINGLE_SELECT' || p.fieldType === 'MULTI_SELECT';
    if (isSelect && p.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: zm(r.choiceNeedsOption) });
    const seen = new Set<string>();
    p.options.forEach((o, i) => {
      if (seen.has(o.value)) ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: zm(r.optionValueTwice({ value: o.value })) });
      seen.add(o.value);
    });
  })
  .transform((p) => ({ ...p, id: p.id ?? p.internalKeyName }));

export type CustomProperty = z.output<typeof customPropertySchema>;

/** A list of custom properties whose keys are unique, so answers can be stored by key. */
export function customPropertyList(label: Message) {
  return list(label, customPropertySchema, 200).superRefine((props, ctx) => {
    const seen = new Set<string>();
    props.forEach((p, i) => {
      if (seen.has(p.internalKeyName)) {
        ctx.addIssue({ code: 'custom', path: [i, 'internalKeyName'], message: zm(r.internalKeyTwice({ key: p.internalKeyName })) });
      }
      seen.add(p.internalKeyName);
    });
  });
}

export const tutoringRequestTypeSchema = oneOf(L.tutoringRequestType, TUTORING_REQUEST_TYPES);

export function profileTypes(label: Message) {
  return setOf(label, PROFILE_TYPES);
}
