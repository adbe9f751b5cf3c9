/**
 * Every field of the person's profile (spec section 3, Profile, applicant fields and demographics
 * included), each with the rule a new value must meet. Edits are patches of these fields: a key
 * left out is kept, null clears an optional field. What the profile shows but does not store here
 * (profile types and ecosystem roles from the roles; students and family connections, payment
 * cards, MFA settings, hours tutored from their own areas) is listed in
 * docs/decisions/0034-people-and-roles.md.
 */
import { z } from 'zod';
import {
  clockTime, decimal, flag, isClockTime, list, oneOf, optionalDate, optionalEmail, optionalParagraph, optionalPhone, optionalText, text, whole,
} from '../../ecosystem/fields';
import { LANGUAGES } from '../../ecosystem/groups/common';
import { zodMessage as zm } from '../../shared/i18n';
import { userMessages } from '../messages';
import { profileLabels as L } from './labels';
import { timeZoneIdSchema } from './timezone';
import {
  DEFAULT_NOTIFICATIONS, notificationPreferenceSchema, parentNotificationPreferenceSchema, staffNotificationPreferenceSchema,
} from '../settings/notifications';

/** Approval and background check (spec section 4). */
export const APPROVAL_STATUSES = ['NOT_STARTED', 'PENDING', 'APPROVED', 'NOT_REQUIRED', 'DECLINED'] as const;
/** Client sign-up starts with PARENT as the client type (spec section 3, client sign-up draft). */
export const CLIENT_PROFILE_TYPES = ['PARENT', 'STUDENT'] as const;
/** The tutor application's payment method defaults to Venmo (spec section 3); payouts by card provider are STRIPE. */
export const PAYOUT_METHODS = ['VENMO', 'PAYPAL', 'ZELLE', 'STRIPE', 'CHECK'] as const;
/** Duration units of spec section 9, for the advance-booking limit. */
export const ADVANCE_UNITS = ['MINUTES', 'HOURS', 'DAYS'] as const;
export const PICTURE_ROTATIONS = [0, 90, 180, 270] as const;

const timeRange = z.object({ startTime: clockTime(L.startTime), endTime: clockTime(L.endTime) })
  .refine((h) => !isClockTime(h.startTime) || !isClockTime(h.endTime) || h.startTime < h.endTime, {
    path: ['endTime'], error: zm(userMessages.endBeforeStart),
  });

export const availableHourSchema = z.object({ day: whole(L.day, 0, 6), startTime: clockTime(L.startTime), endTime: clockTime(L.endTime) })
  .refine((h) => !isClockTime(h.startTime) || !isClockTime(h.endTime) || h.startTime < h.endTime, {
    path: ['endTime'], error: zm(userMessages.endBeforeStart),
  });

const pictureSchema = z.object({
  src: text(L.pictureSource, 2000).refine((v) => /^(\/|https?:\/\/)\S+$/i.test(v), { error: zm(userMessages.pictureNotAddress) }),
  rotation: z.literal(PICTURE_ROTATIONS, { error: zm(userMessages.pictureRotation) }).default(0),
});

const institutionSchema = z.object({
  id: text(L.institutionId, 64),
  name: text(L.institutionName, 160),
  alias: optionalText(L.institutionAlias, 80).default(null),
  city: optionalText(L.city, 80).default(null),
  state: optionalText(L.state, 40).default(null),
});

export const subjectSchema = z.object({
  id: text(L.subjectId, 64),
  courseName: text(L.courseName, 120),
  courseCode: optionalText(L.courseCode, 40).default(null),
});

const contactSchema = z.object({
  name: text(L.contactName, 120),
  email: optionalEmail(L.contactEmail).default(null),
  phone: optionalPhone(L.contactPhone).default(null),
});

const demographicsSchema = z.object({
  birthdate: optionalDate(L.birthdate).default(null),
  sex: optionalText(L.sex, 40).default(null),
  ethnicity: optionalText(L.ethnicity, 80).default(null),
  highestEducation: optionalText(L.highestEducation, 80).default(null),
});

const cooldownSchema = z.object({
  numTimesDismissed: whole(L.numTimesDismissed, 0, 10_000),
  latestDetectedTimezone: timeZoneIdSchema(L.latestDetectedTimezone).nullable().default(null),
  timeOfMostRecentDismissal: z.iso.datetime({ offset: true, error: zm(userMessages.notInstant({ label: L.timeOfMostRecentDismissal })) }).nullable().default(null),
});

/** The rule of each field; an edit sends any subset of them. */
export const profileFieldsSchema = z.object({
  firstName: text(L.firstName, 100),
  lastName: text(L.lastName, 100),
  preferredName: optionalText(L.preferredName, 100),
  picture: pictureSchema.nullable(),
  status: optionalText(L.status, 100),
  phoneNumber: optionalPhone(L.phoneNumber),
  hourlyWage: decimal(L.hourlyWage, 0, 10_000).nullable(),
  bundleAmt: decimal(L.bundleAmt, 0, 100_000).nullable(),
  bio: optionalParagraph(L.bio, 2000),
  school: optionalText(L.school, 160),
  gradeLevel: optionalText(L.gradeLevel, 40),
  canDrive: flag(L.canDrive),
  timeZoneId: timeZoneIdSchema(L.timeZoneId).nullable(),
  languagePreference: oneOf(L.languagePreference, LANGUAGES),
  hasSignedAgreement: flag(L.hasSignedAgreement),
  hasSeenWelcomeDialog: flag(L.hasSeenWelcomeDialog),
  carnegieLearningParentConsentCheck: flag(L.carnegieLearningParentConsentCheck),
  primaryPayoutMethod: oneOf(L.primaryPayoutMethod, PAYOUT_METHODS).nullable(),
  clientProfileType: oneOf(L.clientProfileType, CLIENT_PROFILE_TYPES).nullable(),
  internalApprovalStatus: oneOf(L.internalApprovalStatus, APPROVAL_STATUSES),
  backgroundCheckStatus: oneOf(L.backgroundCheckStatus, APPROVAL_STATUSES),
  education: optionalParagraph(L.education, 1000),
  skillsAccomplishments: optionalParagraph(L.skillsAccomplishments, 1000),
  hobbiesInterests: optionalParagraph(L.hobbiesInterests, 1000),
  availabilityDesc: optionalParagraph(L.availabilityDesc, 1000),
  dailyAvaliability: optionalParagraph(L.dailyAvaliability, 500),
  availableHours: list(L.availableHours, availableHourSchema, 50),
  availabilityOverrides: list(L.availabilityOverrides, z.object({
    date: z.iso.date({ error: zm(userMessages.notDate({ label: L.date })) }),
    availability: list(L.availability, timeRange, 10),
  }), 366),
  advanceLimit: whole(L.advanceLimit, 0, 1000).nullable(),
  advanceLength: oneOf(L.advanceLength, ADVANCE_UNITS).nullable(),
  currentInstitution: institutionSchema.nullable(),
  preferredSubjects: list(L.preferredSubjects, subjectSchema, 50),
  parentGuardianContacts: list(L.parentGuardianContacts, contactSchema, 5),
  applicantType: optionalText(L.applicantType, 60),
  currentMajor: optionalText(L.currentMajor, 120),
  expectedGraduationDate: optionalDate(L.expectedGraduationDate),
  gpa: decimal(L.gpa, 0, 5).nullable(),
  gradesForTutoring: list(L.gradesForTutoring, text(L.gradeLevel, 40), 30),
  languagesSpoken: list(L.languagesSpoken, text(L.languagesSpoken, 60), 20),
  organizationType: optionalText(L.organizationType, 60),
  organizationName: optionalText(L.organizationName, 160),
  recruitmentSource: optionalText(L.recruitmentSource, 120),
  previousTeachingExperienceType: optionalText(L.previousTeachingExperienceType, 120),
  universityStudentType: optionalText(L.universityStudentType, 60),
  demographics: demographicsSchema,
  tzUpdateInfo: z.object({ showAdminUpdateDialog: flag(L.showAdminUpdateDialog) }),
  tzCooldownInfo: cooldownSchema,
  // Account settings (docs/decisions/0050): Email and Text per kind of notification.
  notificationPreference: notificationPreferenceSchema,
  staffNotificationPreference: staffNotificationPreferenceSchema,
  parentNotificationPreference: parentNotificationPreferenceSchema,
});

export type ProfileFields = z.output<typeof profileFieldsSchema>;
export type ProfileField = keyof ProfileFields;
export type ProfileChanges = Partial<ProfileFields>;

/** A patch: any subset of the fields, nothing else (an unknown key is a mistake, not something to drop). */
export const profileChangesSchema = profileFieldsSchema.partial().strict()
  .refine((c) => Object.keys(c).length > 0, { error: zm(userMessages.nothingToChange) });

/**
 * Fields only an admin of the person's ecosystem (or a platform admin) sets: pay, approval and
 * background check; the admin's time-zone change raises tzUpdateInfo itself (decision 0035).
 */
export const ADMIN_FIELDS: ReadonlySet<ProfileField> = new Set<ProfileField>([
  'hourlyWage', 'bundleAmt', 'internalApprovalStatus', 'backgroundCheckStatus', 'tzUpdateInfo',
]);

/** The profile of a newly registered person: every optional field empty. */
export const EMPTY_PROFILE: Omit<ProfileFields, 'firstName' | 'lastName'> = {
  preferredName: null, picture: null, status: null, phoneNumber: null, hourlyWage: null, bundleAmt: null, bio: null, school: null,
  gradeLevel: null, canDrive: false, timeZoneId: null, languagePreference: 'en', hasSignedAgreement: false, hasSeenWelcomeDialog: false,
  carnegieLearningParentConsentCheck: false, primaryPayoutMethod: null, clientProfileType: null, internalApprovalStatus: 'NOT_STARTED',
  backgroundCheckStatus: 'NOT_STARTED', education: null, skillsAccomplishments: null, hobbiesInterests: null, availabilityDesc: null,
  dailyAvaliability: null, availableHours: [], availabilityOverrides: [], advanceLimit: null, advanceLength: null, currentInstitution: null,
  preferredSubjects: [], parentGuardianContacts: [], applicantType: null, currentMajor: null, expectedGraduationDate: null, gpa: null,
  gradesForTutoring: [], languagesSpoken: [], organizationType: null, organizationName: null, recruitmentSource: null,
  previousTeachingExperienceType: null, universityStudentType: null,
  demographics: { birthdate: null, sex: null, ethnicity: null, highestEducation: null },
  tzUpdateInfo: { showAdminUpdateDialog: false },
  tzCooldownInfo: { numTimesDismissed: 0, latestDetectedTimezone: null, timeOfMostRecentDismissal: null },
  ...DEFAULT_NOTIFICATIONS,
};
