/**
 * Lists an ecosystem offers its members (languages, grades, time zones, schools, hours, subject
 * categories, roles, waivers) and its links to outside systems (sign-in district ids, roster
 * vendors, scheduled roster sync). Defaults are the lists spec section 9 gives in full.
 */
import { z } from 'zod';
import { singleLineText } from '../../shared/text';
import { clockTime, flag, isClockTime, list, oneOf, optionalText, optionalUrl, setOf, text, whole } from '../fields';
import { LANGUAGES } from './common';
import { fieldLabels as L } from '../labels';
import { zodMessage as zm } from '../../shared/i18n';
import { fieldMessages as f } from '../../shared/messages';
import { ecosystemRules as r } from '../messages';

export const SUBJECT_CATEGORIES = ['Art', 'Business', 'College Essay', 'Engineering/Tech', 'English', 'Foreign Language', 'Math',
  'Music', 'Test Prep', 'Science', 'Social Studies', 'Other'] as const;

export const US_GRADE_LEVELS = ['Pre-K', 'Kindergarten', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th',
  '12th', 'Freshman', 'Sophomore', 'Junior', 'Senior', 'Graduate Student', 'Recently Graduated', 'Other'];

export const US_TIMEZONES = [
  { id: 'America/New_York', label: 'Eastern', group: 'US' },
  { id: 'America/Chicago', label: 'Central', group: 'US' },
  { id: 'America/Denver', label: 'Mountain', group: 'US' },
  { id: 'America/Phoenix', label: 'Phoenix', group: 'US' },
  { id: 'America/Los_Angeles', label: 'Pacific', group: 'US' },
  { id: 'America/Anchorage', label: 'Alaska', group: 'US' },
  { id: 'Pacific/Honolulu', label: 'Honolulu', group: 'US' },
];

/** Ecosystem roles (spec section 6): platform roles, then program roles. */
export const ECOSYSTEM_ROLES = ['SUPER_ADMIN', 'TEACHER', 'STUDENT', 'MEMBER', 'PARENT', 'STAFF', 'PROGRAM_ADMIN', 'LEADER', 'PUPIL'] as const;
export const INTEGRATION_VENDORS = ['CLEVER', 'CLASSLINK', 'EDLINK', 'SCHOOLOGY', 'ONE_ROSTER'] as const;
export const SYNC_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;

const IANA_ZONE = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/;
// The longest IANA name is about 30 characters: a longer value is not a zone, whatever its letters.
const timeZoneId = z.string({ error: zm(r.timeZoneRequired) }).max(64, { error: zm(r.timeZoneNotZone) }).regex(IANA_ZONE, { error: zm(r.timeZoneNotZone) });

const timezoneSchema = z.object({ id: timeZoneId, label: text(L.timeZoneLabel, 60), group: text(L.timeZoneGroup, 60) });

const schoolSchema = z.object({
  id: text(L.schoolId, 64),
  name: text(L.schoolName, 160),
  alias: optionalText(L.schoolAlias, 80).default(null),
  city: optionalText(L.schoolCity, 80).default(null),
  state: optionalText(L.schoolState, 40).default(null),
});

/** day: 0 is Sunday (weeks start on Sunday, spec section 9). */
const supportedHourSchema = z.object({
  day: whole(L.day, 0, 6),
  startTime: clockTime(L.startTime),
  endTime: clockTime(L.endTime),
}).refine((h) => !isClockTime(h.startTime) || !isClockTime(h.endTime) || h.startTime < h.endTime, {
  path: ['endTime'], error: zm(r.endBeforeStart),
});

const waiverSchema = z.object({
  id: text(L.waiverId, 64),
  title: text(L.waiverTitle, 120),
  url: optionalUrl(L.waiverAddress).refine((v) => v !== null, { error: zm(r.waiverAddressRequired) }),
  required: flag(L.waiverRequired).default(true),
});

const redirectRuleSchema = z.object({
  fromPath: z.string({ error: zm(r.redirectFromRequired) }).max(2000, { error: zm(f.tooLong({ label: L.redirectFrom, max: 2000 })) })
    .regex(/^\/\S*$/, { error: zm(r.redirectFromNotPath) }).superRefine(singleLineText(L.redirectFrom)),
  toPath: z.string({ error: zm(r.redirectToRequired) }).max(2000, { error: zm(f.tooLong({ label: L.redirectTo, max: 2000 })) })
    .regex(/^(\/|https?:\/\/)\S*$/, { error: zm(r.redirectToNotPathOrAddress) }).superRefine(singleLineText(L.redirectTo)),
});

export const directorySchemaShape = {
  supportedLanguages: setOf(L.supportedLanguages, LANGUAGES).min(1, { error: zm(r.chooseLanguage) }).default(['en', 'sp']),
  supportedGradeLevels: list(L.gradeLevels, text(L.gradeLevel, 40), 60).default(US_GRADE_LEVELS),
  supportedTimezones: list(L.timeZones, timezoneSchema, 200).default(US_TIMEZONES),
  supportedSchools: list(L.schools, schoolSchema, 2000).default([]),
  /** Empty means tutoring may be booked at any hour. */
  supportedHours: list(L.supportedHours, supportedHourSchema, 50).default([]),
  subjectCategories: setOf(L.subjectCategories, SUBJECT_CATEGORIES).default([...SUBJECT_CATEGORIES]),
  categories: list(L.categories, text(L.category, 60), 100).default([]),
  supportedRoles: setOf(L.supportedRoles, ECOSYSTEM_ROLES).min(1, { error: zm(r.chooseRole) }).default([...ECOSYSTEM_ROLES]),
  waivers: list(L.waivers, waiverSchema, 20).default([]),
  redirectRules: list(L.redirectRules, redirectRuleSchema, 50).default([]),
};

export const ssoDistrictIdsSchema = z.object({
  clever: optionalText(L.cleverDistrictId, 100).default(null),
  classLink: optionalText(L.classlinkDistrictId, 100).default(null),
  edLink: optionalText(L.edLinkDistrictId, 100).default(null),
  schoology: optionalText(L.schoologyDistrictId, 100).default(null),
}).prefault({});

/** Which roster vendors are switched on. Their credentials belong to integration records, never here. */
export const integrationsConfigSchema = z.object({
  enabledVendors: setOf(L.integrationVendors, INTEGRATION_VENDORS).default([]),
}).prefault({});

export const scheduledSyncSchema = z.object({
  enabled: flag(L.scheduledRosterSync).default(false),
  frequency: oneOf(L.syncFrequency, SYNC_FREQUENCIES).default('DAILY'),
  hourOfDay: whole(L.syncHour, 0, 23).default(2),
  timeZoneId: timeZoneId.default('America/New_York'),
}).prefault({});

export const analyticsConfigSchema = z.object({
  dashboardEnabled: flag(L.analyticsDashboard).default(true),
  studentUsageEnabled: flag(L.studentUsageDashboard).default(true),
  tutorUsageEnabled: flag(L.tutorUsageDashboard).default(true),
  sessionsEnabled: flag(L.sessionsDashboard).default(true),
}).prefault({});
