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
import { fieldLabels as L } from '../ecosystem/labels';
import { zodMessage as zm, type Message } from '../shared/i18n';
import { programRules as m } from './messages';

export const PROGRAM_NAME_MAX = 100;
export const PROGRAM_SHORT_NAME_MAX = 20;

const staffAndTutors = ['Tutor', 'Admin', 'ProgramAdmin'] as const;

const programSessionsSchema = z.object({
  zoomEnabled: flag(L.zoom).default(false),
  sessionJoinMinutesPrior: whole(L.joinMinutesBefore, 0, 120).default(10),
  sessionCreateProfileTypes: profileTypes(L.whoMayCreateSessions).default([...staffAndTutors]),
  sessionCancelProfileTypes: profileTypes(L.whoMayCancelSessions).default([...staffAndTutors]),
  sessionEditProfileTypes: profileTypes(L.whoMayEditSessions).default([...staffAndTutors]),
  sessionRecordingsProfileTypes: profileTypes(L.whoMayViewRecordings).default(['Admin', 'ProgramAdmin']),
  tutorEditSessionParticipants: flag(L.tutorsEditingParticipants).default(false),
  studentWeeklyReportToParents: flag(L.weeklyReportToParents).default(false),
  customSessionProperties: customPropertyList(L.customSessionProperties).default([]),
}).prefault({});

function notificationRule(notice: Message) {
  return z.object({
    recipientTypes: setOf(L.noticeRecipients({ notice }), PARTICIPANT_TYPES).default(['STUDENT', 'TUTOR', 'PARENT']),
    notificationTypes: setOf(L.noticeChannels({ notice }), NOTIFICATION_CHANNELS).default(['EMAIL']),
  }).prefault({});
}

/** Every welcome-flow field has an enabled and a required switch; required implies enabled. */
const TUTOR_FLOW_FIELDS = {
  customTitle: [L.customTitle, false, false], customDescription: [L.customDescription, false, false],
  email: [L.email, true, true], firstName: [L.firstName, true, true], lastName: [L.lastName, true, true],
  preferredName: [L.preferredName, true, false], phoneNumber: [L.phoneNumber, true, false],
  enableTutorAvailability: [L.availability, true, false], biography: [L.biography, true, false], subjects: [L.subjects, true, false],
  education: [L.education, false, false], skillsAccomplishments: [L.skillsAndAccomplishments, false, false],
  hobbiesInterests: [L.hobbiesAndInterests, false, false],
} as const;

export type TutorFlowField = keyof typeof TUTOR_FLOW_FIELDS;
export const TUTOR_FLOW_FIELD_NAMES = Object.keys(TUTOR_FLOW_FIELDS) as TutorFlowField[];

function flowField(name: TutorFlowField) {
  const [label, enabled, required] = TUTOR_FLOW_FIELDS[name];
  return z.object({
    enabled: flag(L.flowFieldShown({ field: label })).default(enabled),
    required: flag(L.flowFieldRequired({ field: label })).default(required),
  }).prefault({}).refine((f) => f.enabled || !f.required, { path: ['required'], error: zm(m.requiredButHidden({ field: label })) });
}

const flowFields = Object.fromEntries(TUTOR_FLOW_FIELD_NAMES.map((n) => [n, flowField(n)])) as { [K in TutorFlowField]: ReturnType<typeof flowField> };

const tutorFlowConfigSchema = z.object({
  enabled: flag(L.tutorWelcomeFlow).default(false),
  title: optionalText(L.welcomeFlowTitle, 120).default(null),
  description: optionalParagraph(L.welcomeFlowDescription, 1000).default(null),
  ...flowFields,
}).prefault({}).superRefine((f, ctx) => {
  if (f.customTitle.enabled && f.title === null) ctx.addIssue({ code: 'custom', path: ['title'], message: zm(m.welcomeTitleRequired) });
  if (f.customDescription.enabled && f.description === null) {
    ctx.addIssue({ code: 'custom', path: ['description'], message: zm(m.welcomeDescriptionRequired) });
  }
});

const settingsShape = {
  sessionCapabilities: setOf(L.sessionTypes, SESSION_TYPES).min(1, { error: zm(m.chooseSessionType) })
    .default(['ONE_ON_ONE', 'GROUP', 'DROP_IN']),
  tutoringRequestType: tutoringRequestTypeSchema.default('SESSION'),
  header: headerConfigSchema,
  search: z.object({ enabled: flag(L.tutorSearch).default(true) }).prefault({}),
  sessions: programSessionsSchema,
  adminPanel: z.object({ tutoringSheetEnabled: flag(L.tutoringSheet).default(false) }).prefault({}),
  adminContactInfo: adminContactInfoSchema,
  sessionNotifications: z.object({
    edited: notificationRule(L.editedSessionNotice),
    cancelled: notificationRule(L.cancelledSessionNotice),
  }).prefault({}),
  tutorFlowConfig: tutorFlowConfigSchema,
  subBoard: z.object({ enabled: flag(L.substituteBoard).default(true), visibleToTutors: flag(L.substituteBoardForTutors).default(true) }).prefault({}),
  lessonspace: z.object({
    recordingEnabled: flag(L.lessonRecording).default(false),
    autoStartRecording: flag(L.automaticRecording).default(false),
  }).prefault({}).refine((l) => l.recordingEnabled || !l.autoStartRecording, { path: ['autoStartRecording'], error: zm(m.automaticRecordingNeedsRecording) }),
  fillTutorReviewsEnabled: flag(L.tutorReviews).default(false),
  studentNotesInFeedbackEnabled: flag(L.studentNotesInFeedback).default(false),
  tutorSelfCheckInOut: flag(L.tutorSelfCheckIn).default(false),
  viewReviewsProfileTypes: profileTypes(L.whoMayViewReviews).default(['Admin', 'ProgramAdmin', 'Tutor']),
  selfPacedModulesEnabled: flag(L.selfPacedModules).default(false),
  addProgramFromBooking: flag(L.addProgramWhileBooking).default(false),
  tutorAddNonPairedUsers: flag(L.tutorsAddingNonPairedUsers).default(false),
  disableProgramRecordings: flag(L.disableRecordings).default(false),
  multipleTutorsPerSession: flag(L.severalTutorsPerSession).default(false),
  showFiloButton: flag(L.filoButton).default(false),
};

export const programDetailsSchema = z.object({
  name: text(L.name, PROGRAM_NAME_MAX),
  shortName: text(L.shortName, PROGRAM_SHORT_NAME_MAX),
  /** A global program includes every member of its ecosystem without joining. */
  isGlobal: flag(L.globalProgram).default(false),
  ...settingsShape,
});

export type ProgramDetails = z.output<typeof programDetailsSchema>;

export const programSettingsSchema = z.object(settingsShape);
export type ProgramSettings = z.output<typeof programSettingsSchema>;
/** The settings' field names, which the API resolves from a program's full row. */
export const PROGRAM_SETTING_NAMES = Object.keys(settingsShape) as Array<keyof ProgramSettings>;

/** A new program may leave out its short name: it follows from the name, cut at a word. */
export function withDerivedShortName(input: Record<string, unknown>): Record<string, unknown> {
  if (input.shortName !== undefined || typeof input.name !== 'string' || !input.name.trim()) return input;
  return { ...input, shortName: shortNameFrom(input.name, PROGRAM_SHORT_NAME_MAX) };
}
