/**
 * A program as a value (spec section 3): its name and the settings it adds or overrides inside its
 * ecosystem. Defaults: one-on-one, group and drop-in sessions; tutors and admins create, edit and
 * cancel sessions; admins see recordings; the substitute board is open to tutors; the tutor
 * welcome flow asks for e-mail and names (required) and offers the profile fields most programs use.
 */
import { z } from 'zod';
import { flag, optionalParagraph, optionalText, setOf, shortNameFrom, text, whole } from '../ecosystem/fields';
import {
  adminContactInfoSchema, customPropertyList, headerConfigSchema, NOTIFICATION_CHANNELS, PARTICIPANT_TYPES, profileTypes,
  SESSION_TYPES, tutoringRequestTypeSchema,
} from '../ecosystem/groups/common';

export const PROGRAM_NAME_MAX = 100;
export const PROGRAM_SHORT_NAME_MAX = 20;

const staffAndTutors = ['Tutor', 'Admin', 'ProgramAdmin'] as const;

const programSessionsSchema = z.object({
  zoomEnabled: flag('Zoom').default(false),
  sessionJoinMinutesPrior: whole('Minutes before a session it may be joined', 0, 120).default(10),
  sessionCreateProfileTypes: profileTypes('Who may create sessions').default([...staffAndTutors]),
  sessionCancelProfileTypes: profileTypes('Who may cancel sessions').default([...staffAndTutors]),
  sessionEditProfileTypes: profileTypes('Who may edit sessions').default([...staffAndTutors]),
  sessionRecordingsProfileTypes: profileTypes('Who may view recordings').default(['Admin', 'ProgramAdmin']),
  tutorEditSessionParticipants: flag('Tutors editing participants').default(false),
  studentWeeklyReportToParents: flag('Weekly report to parents').default(false),
  customSessionProperties: customPropertyList('Custom session properties').default([]),
}).prefault({});

function notificationRule(label: string) {
  return z.object({
    recipientTypes: setOf(`${label} recipients`, PARTICIPANT_TYPES).default(['STUDENT', 'TUTOR', 'PARENT']),
    notificationTypes: setOf(`${label} channels`, NOTIFICATION_CHANNELS).default(['EMAIL']),
  }).prefault({});
}

/** Every welcome-flow field has an enabled and a required switch; required implies enabled. */
const TUTOR_FLOW_FIELDS = {
  customTitle: ['Custom title', false, false], customDescription: ['Custom description', false, false],
  email: ['E-mail', true, true], firstName: ['First name', true, true], lastName: ['Last name', true, true],
  preferredName: ['Preferred name', true, false], phoneNumber: ['Phone number', true, false],
  enableTutorAvailability: ['Availability', true, false], biography: ['Biography', true, false], subjects: ['Subjects', true, false],
  education: ['Education', false, false], skillsAccomplishments: ['Skills and accomplishments', false, false],
  hobbiesInterests: ['Hobbies and interests', false, false],
} as const;

export type TutorFlowField = keyof typeof TUTOR_FLOW_FIELDS;
export const TUTOR_FLOW_FIELD_NAMES = Object.keys(TUTOR_FLOW_FIELDS) as TutorFlowField[];

function flowField(name: TutorFlowField) {
  const [label, enabled, required] = TUTOR_FLOW_FIELDS[name];
  return z.object({
    enabled: flag(`${label} (shown)`).default(enabled),
    required: flag(`${label} (required)`).default(required),
  }).prefault({}).refine((f) => f.enabled || !f.required, { path: ['required'], error: `${label} cannot be required when it is not shown.` });
}

const flowFields = Object.fromEntries(TUTOR_FLOW_FIELD_NAMES.map((n) => [n, flowField(n)])) as { [K in TutorFlowField]: ReturnType<typeof flowField> };

const tutorFlowConfigSchema = z.object({
  enabled: flag('Tutor welcome flow').default(false),
  title: optionalText('Welcome flow title', 120).default(null),
  description: optionalParagraph('Welcome flow description', 1000).default(null),
  ...flowFields,
}).prefault({}).superRefine((f, ctx) => {
  if (f.customTitle.enabled && f.title === null) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Welcome flow title is required when a custom title is shown.' });
  if (f.customDescription.enabled && f.description === null) {
    ctx.addIssue({ code: 'custom', path: ['description'], message: 'Welcome flow description is required when a custom description is shown.' });
  }
});

const settingsShape = {
  sessionCapabilities: setOf('Session types', SESSION_TYPES).min(1, { error: 'Choose at least one session type.' })
    .default(['ONE_ON_ONE', 'GROUP', 'DROP_IN']),
  tutoringRequestType: tutoringRequestTypeSchema.default('SESSION'),
  header: headerConfigSchema,
  search: z.object({ enabled: flag('Tutor search').default(true) }).prefault({}),
  sessions: programSessionsSchema,
  adminPanel: z.object({ tutoringSheetEnabled: flag('Tutoring sheet').default(false) }).prefault({}),
  adminContactInfo: adminContactInfoSchema,
  sessionNotifications: z.object({
    edited: notificationRule('Edited session notice'),
    cancelled: notificationRule('Cancelled session notice'),
  }).prefault({}),
  tutorFlowConfig: tutorFlowConfigSchema,
  subBoard: z.object({ enabled: flag('Substitute board').default(true), visibleToTutors: flag('Substitute board for tutors').default(true) }).prefault({}),
  lessonspace: z.object({
    recordingEnabled: flag('Lesson recording').default(false),
    autoStartRecording: flag('Automatic recording').default(false),
  }).prefault({}).refine((l) => l.recordingEnabled || !l.autoStartRecording, { path: ['autoStartRecording'], error: 'Automatic recording needs lesson recording on.' }),
  fillTutorReviewsEnabled: flag('Tutor reviews').default(false),
  studentNotesInFeedbackEnabled: flag('Student notes in feedback').default(false),
  tutorSelfCheckInOut: flag('Tutor self check-in').default(false),
  viewReviewsProfileTypes: profileTypes('Who may view reviews').default(['Admin', 'ProgramAdmin', 'Tutor']),
  selfPacedModulesEnabled: flag('Self-paced modules').default(false),
  addProgramFromBooking: flag('Adding the program while booking').default(false),
  tutorAddNonPairedUsers: flag('Tutors adding non-paired users').default(false),
  disableProgramRecordings: flag('Disable recordings').default(false),
  multipleTutorsPerSession: flag('Several tutors per session').default(false),
  showFiloButton: flag('Filo button').default(false),
};

export const programDetailsSchema = z.object({
  name: text('Name', PROGRAM_NAME_MAX),
  shortName: text('Short name', PROGRAM_SHORT_NAME_MAX),
  /** A global program includes every member of its ecosystem without joining. */
  isGlobal: flag('Global program').default(false),
  ...settingsShape,
});

export type ProgramDetails = z.output<typeof programDetailsSchema>;

export const programSettingsSchema = z.object(settingsShape);
export type ProgramSettings = z.output<typeof programSettingsSchema>;

/** A new program may leave out its short name: it follows from the name, cut at a word. */
export function withDerivedShortName(input: Record<string, unknown>): Record<string, unknown> {
  if (input.shortName !== undefined || typeof input.name !== 'string' || !input.name.trim()) return input;
  return { ...input, shortName: shortNameFrom(input.name, PROGRAM_SHORT_NAME_MAX) };
}
